// BufferedReadStream: see ctaglib_stream.hpp for why it exists.

#include "ctaglib_stream.hpp"

#include <algorithm>
#include <cerrno>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ctaglib {

namespace {

// Enough for the ID3v2 header and first frames, a FLAC STREAMINFO and its tags, the first
// Ogg pages, an MP4's leading atoms; and at the end, ID3v1, APE tags and the last Ogg page.
constexpr long long window = 64 * 1024;

}  // namespace

BufferedReadStream::BufferedReadStream(const char *path) : path_(path) {
    // Without O_NONBLOCK, opening a named pipe waits for a writer; only a regular file is
    // read at all (a device such as /dev/zero never ends).
    descriptor_ = ::open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (descriptor_ < 0) {
        open_error_ = errno;
        return;
    }
    const bool stated = ::fstat(descriptor_, &status_) == 0;
    if (!stated || !S_ISREG(status_.st_mode)) {
        open_error_ = stated ? 0 : errno;
        ::close(descriptor_);
        descriptor_ = -1;
        return;
    }
    size_ = static_cast<long long>(status_.st_size);
    head_ = read_at(0, window);
    tail_offset_ = std::max(0LL, size_ - window);
}

BufferedReadStream::~BufferedReadStream() {
    if (descriptor_ >= 0) ::close(descriptor_);
}

std::string BufferedReadStream::read_at(long long offset, long long length) const {
    std::string bytes(static_cast<size_t>(std::max(0LL, length)), '\0');
    size_t filled = 0;
    while (filled < bytes.size()) {
        const ssize_t count = ::pread(
            descriptor_, &bytes[filled], bytes.size() - filled, static_cast<off_t>(offset) + static_cast<off_t>(filled));
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        filled += static_cast<size_t>(count);
    }
    bytes.resize(filled);
    return bytes;
}

TagLib::ByteVector BufferedReadStream::readBlock(stream_size length) {
    if (descriptor_ < 0 || length == 0 || position_ >= size_) return TagLib::ByteVector();
    const long long start = position_;
    const long long wanted = length < static_cast<stream_size>(size_) ? static_cast<long long>(length) : size_;
    const long long end = std::min(size_, start + wanted);
    position_ = end;
    const auto count = static_cast<unsigned int>(end - start);
    if (end <= static_cast<long long>(head_.size())) {
        return TagLib::ByteVector(head_.data() + start, count);
    }
    if (start >= tail_offset_) {
        if (!tail_loaded_) {
            tail_ = read_at(tail_offset_, size_ - tail_offset_);
            tail_loaded_ = true;
        }
        if (end - tail_offset_ <= static_cast<long long>(tail_.size())) {
            return TagLib::ByteVector(tail_.data() + (start - tail_offset_), count);
        }
    }
    const std::string bytes = read_at(start, end - start);
    position_ = start + static_cast<long long>(bytes.size());
    return TagLib::ByteVector(bytes.data(), static_cast<unsigned int>(bytes.size()));
}

void BufferedReadStream::seek(stream_offset offset, Position position) {
    long long base = 0;
    if (position == Current) base = position_;
    if (position == End) base = size_;
    // As FileStream's fseek: past the end is allowed (reads there return nothing); before the
    // start fails and leaves the position where it was.
    const long long target = base + static_cast<long long>(offset);
    if (target >= 0) position_ = target;
}

}  // namespace ctaglib
