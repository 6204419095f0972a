// Helpers shared by the shim's translation units: error reporting, heap copies of TagLib
// strings, the check that a path is a non-empty regular file, and the guard that keeps
// C++ exceptions from crossing into Swift. Internal to the CTagLib target.
#ifndef CTAGLIB_SUPPORT_HPP
#define CTAGLIB_SUPPORT_HPP

#include "ctaglib.h"

#include <fileref.h>
#include <tfilestream.h>
#include <tpropertymap.h>
#include <tstring.h>

#include <sys/stat.h>

#include <exception>
#include <memory>
#include <string>

namespace ctaglib {

// Fills `error` (when given) and returns `status`, so failures read as one return.
ctaglib_status fail(ctaglib_error *error, ctaglib_status status, int os_error, const std::string &message);

// A heap copy of a UTF-8 string, or NULL when it is empty. The caller frees it with free().
char *copy_string(const TagLib::String &text);

// Maps stat(2) of `path` onto the shim's statuses: not found, not a regular file, empty,
// other OS errors. CTAGLIB_OK when the file is worth opening.
ctaglib_status check_regular_file(const char *path, ctaglib_error *error);

// The same statuses from what a lookup already learnt: the errno of a failed stat or open,
// else the file's status.
ctaglib_status check_lookup(int code, const struct stat *info, ctaglib_error *error);

// One audio file opened through TagLib. Reading opens the file read-only: TagLib's
// default is read-write, and closing a file opened for writing wakes every inotify
// watcher (IN_CLOSE_WRITE) even when nothing changed, which a library watcher would take
// for an edit.
class OpenedFile {
  public:
    // Checks the path and opens it; CTAGLIB_OK when file() may be used. `checked`: the caller
    // found it a regular file a moment ago, so it is opened without a stat first (reading only).
    ctaglib_status open(
        const char *path, bool writable, bool audio_properties, ctaglib_error *error, bool checked = false);
    TagLib::File *file() const { return ref_ ? ref_->file() : nullptr; }

  private:
    // Declared first so that it is destroyed last: the FileRef reads through it.
    std::unique_ptr<TagLib::IOStream> stream_;
    std::unique_ptr<TagLib::FileRef> ref_;
};

// `text` with ASCII letters in lower case (TagLib's String has upper() only).
TagLib::String ascii_lowercased(const TagLib::String &text);

// The name of an MP4 freeform atom without its "----:<mean>:" prefix: "replaygain_track_gain"
// for "----:com.apple.iTunes:replaygain_track_gain".
TagLib::String freeform_name(const TagLib::String &atom);

// The other spellings of a property-map key that real taggers write (Vorbis "ALBUM
// ARTIST" from foobar2000, ffmpeg's TXXX:TCMP and "MUSICBRAINZ ALBUM ID", ...). The reader
// falls back on them; the writer clears them when it sets or removes the key, so that what
// was written is what is read.
TagLib::StringList key_aliases(const TagLib::String &key);

// The first non-empty value of `key`, else of its aliases, or an empty string.
TagLib::String first_value(const TagLib::PropertyMap &map, const TagLib::String &key);

// All non-empty values of `key` (else of the first alias that has any), joined with " / ".
TagLib::String joined_values(const TagLib::PropertyMap &map, const TagLib::String &key);

// Runs `body`, turning any exception into CTAGLIB_INTERNAL_ERROR: TagLib is C++, Swift is not.
template <typename Body>
ctaglib_status guarded(ctaglib_error *error, Body body) noexcept {
    try {
        return body();
    } catch (const std::exception &exception) {
        try {
            return fail(error, CTAGLIB_INTERNAL_ERROR, 0, std::string("C++ exception: ") + exception.what());
        } catch (...) {
            return CTAGLIB_INTERNAL_ERROR;
        }
    } catch (...) {
        try {
            return fail(error, CTAGLIB_INTERNAL_ERROR, 0, "unknown C++ exception");
        } catch (...) {
            return CTAGLIB_INTERNAL_ERROR;
        }
    }
}

}  // namespace ctaglib

#endif
