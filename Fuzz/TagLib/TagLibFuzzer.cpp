// libFuzzer target: the TagLib shim reading one file, tags and cover, as the index does.
//
// The shim reads from a path, so each input is written to a file in a private folder. Its
// name ends in the extension its first bytes suggest (TagLib picks a parser by extension
// first), so every format's parser sees inputs shaped like its own; anything else gets no
// extension and TagLib's sniffing of the content.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

#include "ctaglib.h"

namespace {

std::string folder;

bool starts(const uint8_t *data, size_t size, const char *magic, size_t at = 0) {
    const size_t length = std::strlen(magic);
    return size >= at + length && std::memcmp(data + at, magic, length) == 0;
}

const char *extension(const uint8_t *data, size_t size) {
    if (starts(data, size, "fLaC")) return ".flac";
    if (starts(data, size, "ID3") || (size > 1 && data[0] == 0xFF && (data[1] & 0xE0) == 0xE0)) return ".mp3";
    if (starts(data, size, "OggS")) return size > 36 && starts(data, size, "OpusHead", 28) ? ".opus" : ".ogg";
    if (starts(data, size, "ftyp", 4)) return ".m4a";
    if (starts(data, size, "RIFF")) return ".wav";
    if (starts(data, size, "FORM")) return ".aiff";
    if (starts(data, size, "wvpk")) return ".wv";
    if (starts(data, size, "MAC ")) return ".ape";
    if (starts(data, size, "\x30\x26\xB2\x75")) return ".wma";
    if (starts(data, size, "MPCK") || starts(data, size, "MP+")) return ".mpc";
    if (starts(data, size, "TTA1")) return ".tta";
    if (starts(data, size, "DSD ")) return ".dsf";
    return "";
}

}  // namespace

// The folder is made under $TMPDIR, which Scripts/fuzz points into its scratch folder and
// empties afterwards (a crash ends the process before any cleanup here could run).
extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    ctaglib_initialize();
    const char *base = std::getenv("TMPDIR");
    std::string pattern = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/taglib-XXXXXX";
    if (mkdtemp(&pattern[0]) == nullptr) std::abort();
    folder = pattern;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string path = folder + "/input" + extension(data, size);
    FILE *file = std::fopen(path.c_str(), "wb");
    if (file == nullptr) std::abort();
    if (size > 0 && std::fwrite(data, 1, size, file) != size) std::abort();
    std::fclose(file);

    ctaglib_error error = {0, nullptr};
    ctaglib_tags tags;
    if (ctaglib_read(path.c_str(), 1, &tags, &error) == CTAGLIB_OK) ctaglib_tags_free(&tags);
    ctaglib_error_free(&error);
    ctaglib_picture picture;
    if (ctaglib_read_picture(path.c_str(), &picture, &error) == CTAGLIB_OK) ctaglib_picture_free(&picture);
    ctaglib_error_free(&error);
    unlink(path.c_str());
    return 0;
}
