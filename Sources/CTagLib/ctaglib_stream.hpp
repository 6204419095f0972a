// The stream the shim reads files through. Internal to the CTagLib target.
#ifndef CTAGLIB_STREAM_HPP
#define CTAGLIB_STREAM_HPP

#include <taglib.h>
#include <tbytevector.h>
#include <tiostream.h>

#include <sys/stat.h>

#include <string>

namespace ctaglib {

// TagLib 2 counts in size_t and offset_t where TagLib 1 counts in unsigned long and long
// (and in unsigned long for where insert and removeBlock start).
#if TAGLIB_MAJOR_VERSION >= 2
using stream_size = size_t;
using stream_offset = TagLib::offset_t;
using stream_start = TagLib::offset_t;
#else
using stream_size = unsigned long;
using stream_offset = long;
using stream_start = unsigned long;
#endif

// A read-only stream over one file that answers TagLib's many small reads and seeks from
// two buffered reads: the file's head and its tail, where tags and stream headers live.
// Anything else is read where it is with pread. TagLib's own FileStream costs about 23
// lseek, 9 read and 6 stat calls a file on a library scan; this costs an open, an fstat,
// one or two preads and a close. Writing goes through TagLib's FileStream.
class BufferedReadStream : public TagLib::IOStream {
  public:
    // Opens `path` and reads its status with fstat. isOpen() says whether it is open; when
    // not, openError() holds the errno of the open or the fstat that failed, or 0 when it
    // opened but is no regular file, and status() then says what it is.
    explicit BufferedReadStream(const char *path);
    ~BufferedReadStream() override;
    BufferedReadStream(const BufferedReadStream &) = delete;
    BufferedReadStream &operator=(const BufferedReadStream &) = delete;

    TagLib::FileName name() const override { return path_.c_str(); }
    TagLib::ByteVector readBlock(stream_size length) override;
    void writeBlock(const TagLib::ByteVector &) override {}
    void insert(const TagLib::ByteVector &, stream_start, stream_size) override {}
    void removeBlock(stream_start, stream_size) override {}
    bool readOnly() const override { return true; }
    bool isOpen() const override { return descriptor_ >= 0; }
    int openError() const { return open_error_; }
    const struct stat &status() const { return status_; }
    void seek(stream_offset offset, Position position) override;
    void clear() override {}
    stream_offset tell() const override { return position_; }
    stream_offset length() override { return size_; }
    void truncate(stream_offset) override {}

  private:
    // Bytes [offset, offset + length) of the file, read with pread; fewer at its end.
    std::string read_at(long long offset, long long length) const;

    std::string path_;
    int descriptor_ = -1;
    int open_error_ = 0;
    struct stat status_ = {};
    long long size_ = 0;
    long long position_ = 0;
    std::string head_;
    long long tail_offset_ = 0;
    std::string tail_;
    bool tail_loaded_ = false;
};

}  // namespace ctaglib

#endif
