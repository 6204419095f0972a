// The shim's one-time preparation and the helpers every entry point shares.
//
// TagLib keeps a little global state: a debug listener and some tables it fills lazily
// on first use without locking. ctaglib_initialize settles all of it on one thread, so
// the readers that follow may run on many threads at once (docs/PLATFORM-NOTES.md §2, thread safety).

#include "ctaglib_support.hpp"
#include "ctaglib_stream.hpp"

#include <asftag.h>
#include <mp4tag.h>
#include <tdebuglistener.h>
#include <textidentificationframe.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <system_error>

#include <sys/stat.h>

namespace {

// TagLib prints diagnostics about damaged files to stderr by default; a library scan of
// thousands of files must stay quiet, and callers get the failure as a status instead.
class SilentDebugListener : public TagLib::DebugListener {
  public:
    void printMessage(const TagLib::String &) override {}
};

SilentDebugListener silentListener;
std::once_flag initializeOnce;

void prepare() {
    TagLib::setDebugListener(&silentListener);
    // Filled lazily, unlocked, on the ID3v2 read path in TagLib 1.13 (TIPL/TMCL/IPLS).
    (void)TagLib::ID3v2::TextIdentificationFrame::involvedPeopleMap();
    // MP4 and ASF build their key reverse maps on the first setProperties call; do it here
    // so writes on two threads cannot race on them either.
    TagLib::MP4::Tag mp4;
    (void)mp4.setProperties(TagLib::PropertyMap());
    TagLib::ASF::Tag asf;
    (void)asf.setProperties(TagLib::PropertyMap());
}

}  // namespace

extern "C" void ctaglib_initialize(void) {
    try {
        std::call_once(initializeOnce, prepare);
    } catch (...) {
        // Only allocation can fail here; reads will report the same trouble themselves.
    }
}

extern "C" void ctaglib_error_free(ctaglib_error *error) {
    if (error == nullptr) return;
    std::free(error->message);
    error->message = nullptr;
    error->os_error = 0;
}

namespace ctaglib {

ctaglib_status fail(ctaglib_error *error, ctaglib_status status, int os_error, const std::string &message) {
    if (error != nullptr) {
        std::free(error->message);
        error->os_error = os_error;
        error->message = strdup(message.c_str());
    }
    return status;
}

char *copy_string(const TagLib::String &text) {
    if (text.isEmpty()) return nullptr;
    // to8Bit(true) returns an owned std::string; a toCString() pointer would die with `text`.
    const std::string utf8 = text.to8Bit(true);
    return strdup(utf8.c_str());
}

ctaglib_status check_regular_file(const char *path, ctaglib_error *error) {
    struct stat info;
    const int code = stat(path, &info) != 0 ? errno : 0;
    return check_lookup(code, &info, error);
}

ctaglib_status check_lookup(int code, const struct stat *info, ctaglib_error *error) {
    if (code != 0) {
        const std::string reason = std::generic_category().message(code);
        if (code == ENOENT || code == ENOTDIR) return fail(error, CTAGLIB_NOT_FOUND, code, reason);
        return fail(error, CTAGLIB_OS_ERROR, code, reason);
    }
    if (!S_ISREG(info->st_mode)) {
        const char *kind = S_ISDIR(info->st_mode) ? "a directory" : "not a regular file";
        return fail(error, CTAGLIB_NOT_REGULAR_FILE, 0, kind);
    }
    if (info->st_size == 0) return fail(error, CTAGLIB_EMPTY_FILE, 0, "the file is empty");
    return CTAGLIB_OK;
}

ctaglib_status OpenedFile::open(
    const char *path, bool writable, bool audio_properties, ctaglib_error *error, bool checked) {
    // Nothing but a regular file is ever opened (a tape or a terminal acts on being opened),
    // unless the caller's own stat said so a moment ago: then the stream's open and fstat tell
    // the rest, and a scan looks each file's path up once.
    if (writable || !checked) {
        const ctaglib_status status = check_regular_file(path, error);
        if (status != CTAGLIB_OK) return status;
    }
    if (writable) {
        errno = 0;
        stream_ = std::make_unique<TagLib::FileStream>(path, false);
        if (!stream_->isOpen() || stream_->readOnly()) {
            const int code = errno != 0 ? errno : EACCES;
            const std::string reason = std::generic_category().message(code);
            return fail(error, CTAGLIB_OS_ERROR, code, "cannot open for writing: " + reason);
        }
    } else {
        auto stream = std::make_unique<BufferedReadStream>(path);
        if (!stream->isOpen()) {
            const int code = stream->openError();
            // Gone, or no longer a regular file, since it was looked at: as a stat would say.
            if (code == ENOENT || code == ENOTDIR || code == 0) {
                return check_lookup(code, &stream->status(), error);
            }
            const std::string reason = std::generic_category().message(code);
            return fail(error, CTAGLIB_OS_ERROR, code, "cannot open: " + reason);
        }
        const ctaglib_status status = check_lookup(0, &stream->status(), error);
        if (status != CTAGLIB_OK) return status;
        stream_ = std::move(stream);
    }
    ref_ = std::make_unique<TagLib::FileRef>(
        stream_.get(), audio_properties, TagLib::AudioProperties::Average);
    if (ref_->isNull()) {
        return fail(error, CTAGLIB_CANNOT_OPEN, 0, "TagLib cannot read this file as audio");
    }
    return CTAGLIB_OK;
}

TagLib::String ascii_lowercased(const TagLib::String &text) {
    std::string utf8 = text.to8Bit(true);
    for (char &character : utf8) {
        if (character >= 'A' && character <= 'Z') character = static_cast<char>(character - 'A' + 'a');
    }
    return TagLib::String(utf8, TagLib::String::UTF8);
}

TagLib::String freeform_name(const TagLib::String &atom) {
    const int colon = atom.rfind(":");
    return colon < 0 ? atom : atom.substr(static_cast<unsigned int>(colon) + 1);
}

TagLib::StringList key_aliases(const TagLib::String &key) {
    static const struct {
        const char *key;
        const char *aliases[2];  // unused slots are NULL
    } table[] = {
        {"ALBUMARTIST", {"ALBUM ARTIST", "ALBUM_ARTIST"}},
        {"ALBUMARTISTSORT", {"ALBUM_ARTIST_SORT", nullptr}},
        {"TRACKNUMBER", {"TRACK", nullptr}},
        {"DISCNUMBER", {"DISC", nullptr}},
        {"DATE", {"YEAR", nullptr}},
        {"ORIGINALDATE", {"ORIGINALYEAR", nullptr}},
        {"MUSICBRAINZ_ALBUMID", {"MUSICBRAINZ ALBUM ID", nullptr}},
        {"COMPILATION", {"TCMP", nullptr}},
    };
    TagLib::StringList aliases;
    for (const auto &entry : table) {
        if (key != entry.key) continue;
        for (const char *alias : entry.aliases) {
            if (alias != nullptr) aliases.append(alias);
        }
    }
    return aliases;
}

namespace {

// The values of `key`, else of the first alias present, with blank ones left out.
TagLib::StringList nonblank_values(const TagLib::PropertyMap &map, const TagLib::String &key) {
    TagLib::StringList keys(key);
    keys.append(key_aliases(key));
    for (const auto &candidate : keys) {
        const auto found = map.find(candidate);
        if (found == map.end()) continue;
        TagLib::StringList kept;
        for (const auto &value : found->second) {
            if (!value.stripWhiteSpace().isEmpty()) kept.append(value);
        }
        if (!kept.isEmpty()) return kept;
    }
    return TagLib::StringList();
}

}  // namespace

TagLib::String first_value(const TagLib::PropertyMap &map, const TagLib::String &key) {
    const TagLib::StringList values = nonblank_values(map, key);
    return values.isEmpty() ? TagLib::String() : values.front();
}

TagLib::String joined_values(const TagLib::PropertyMap &map, const TagLib::String &key) {
    return nonblank_values(map, key).toString(" / ");
}

}  // namespace ctaglib
