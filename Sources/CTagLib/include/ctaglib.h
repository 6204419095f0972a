/*
 * ctaglib: a plain C view of the TagLib C++ API, for Swift.
 *
 * TagLib's own C binding has no disc number, album artist or cover art, so this shim
 * reads what cdwally needs through the C++ property map (plus the format-specific places
 * the property map misses) into flat records of heap strings.
 *
 * Contract for every function below:
 * - Paths are NUL-terminated byte strings passed to the file system untouched (they need
 *   not be UTF-8). Strings in records are UTF-8.
 * - No C++ exception crosses this boundary: anything TagLib throws becomes
 *   CTAGLIB_INTERNAL_ERROR with the exception's message.
 * - On failure the function returns a status other than CTAGLIB_OK and fills `error`
 *   (if not NULL); release it with ctaglib_error_free. Records are only filled on success.
 * - Call ctaglib_initialize once before any other function, and before starting threads.
 *   After that, different files may be read on different threads at the same time; one
 *   file must not be read and written at once.
 */
#ifndef CTAGLIB_H
#define CTAGLIB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ctaglib_status {
    CTAGLIB_OK = 0,
    /* No file at this path (ENOENT or ENOTDIR). */
    CTAGLIB_NOT_FOUND = 1,
    /* The file has zero bytes. */
    CTAGLIB_EMPTY_FILE = 2,
    /* A directory, device or other node that is not a regular file. */
    CTAGLIB_NOT_REGULAR_FILE = 3,
    /* The system refused to stat or open the file; error->os_error holds errno. */
    CTAGLIB_OS_ERROR = 4,
    /* TagLib does not recognise the file as audio it can read (unknown type, corrupt). */
    CTAGLIB_CANNOT_OPEN = 5,
    /* TagLib could not write the file back. */
    CTAGLIB_SAVE_FAILED = 6,
    /* The format cannot store one of the keys given to ctaglib_write. */
    CTAGLIB_UNSUPPORTED_KEY = 7,
    /* An argument makes no sense (a NULL path, an unknown ID3v2 version, an empty picture). */
    CTAGLIB_INVALID_ARGUMENT = 8,
    /* TagLib threw a C++ exception (for example out of memory). */
    CTAGLIB_INTERNAL_ERROR = 9,
} ctaglib_status;

/* What went wrong, for a one-line message. */
typedef struct ctaglib_error {
    /* errno for CTAGLIB_OS_ERROR (and the stat/open failures behind other statuses), else 0. */
    int os_error;
    /* A heap string describing the failure in the library's words, or NULL. */
    char *message;
} ctaglib_error;

void ctaglib_error_free(ctaglib_error *error);

/*
 * Installs a silent debug listener and fills TagLib's lazily built static tables so that
 * later reads on several threads do not race on them. Safe to call more than once.
 */
void ctaglib_initialize(void);

/*
 * One file's tags. Every string is a heap copy or NULL when the tag is absent; values are
 * as tagged (not trimmed, not parsed: "03/12", "1", "-6.50 dB"). Several values of one
 * text key are joined with " / " for title, artist, album and album artist; other fields
 * keep their first non-empty value.
 */
typedef struct ctaglib_tags {
    char *title;
    char *artist;
    char *album;
    char *album_artist;
    char *album_artist_sort;
    char *track_number;
    char *disc_number;
    char *date;
    char *original_date;
    char *musicbrainz_album_id;
    /* The COMPILATION flag as tagged ("1", "0", "true"), or NULL. */
    char *compilation;
    char *copyright;
    char *replaygain_album_gain;
    char *replaygain_track_gain;
    /* Length in milliseconds from the audio properties; -1 when they were not read. */
    int64_t duration_ms;
} ctaglib_tags;

/*
 * Reads `path` into `tags` (which the caller then releases with ctaglib_tags_free).
 * With read_audio_properties == 0 the audio stream is not examined (much faster) and
 * duration_ms is -1.
 */
ctaglib_status ctaglib_read(
    const char *path, int read_audio_properties, ctaglib_tags *tags, ctaglib_error *error);

/*
 * The same for a path the caller's own stat(2) found a regular file a moment ago (a scan's
 * listing): the path is not looked up again before it is opened. The statuses are the same,
 * from the open and its fstat.
 */
ctaglib_status ctaglib_read_regular(
    const char *path, int read_audio_properties, ctaglib_tags *tags, ctaglib_error *error);

void ctaglib_tags_free(ctaglib_tags *tags);

/* An embedded picture: `size` bytes at `data` (heap) and its MIME type (heap, may be NULL). */
typedef struct ctaglib_picture {
    unsigned char *data;
    size_t size;
    char *mime_type;
} ctaglib_picture;

/*
 * Extracts the front cover of `path`, else its first picture. Returns CTAGLIB_OK with
 * picture->data == NULL when the file holds no picture. Release with ctaglib_picture_free.
 */
ctaglib_status ctaglib_read_picture(const char *path, ctaglib_picture *picture, ctaglib_error *error);

void ctaglib_picture_free(ctaglib_picture *picture);

/* One property to write: a key (any case) and its values; no values removes the key. */
typedef struct ctaglib_property {
    const char *key;
    const char *const *values;
    size_t value_count;
} ctaglib_property;

typedef struct ctaglib_write_options {
    /* 3 or 4: the ID3v2 version for MP3, WAV and AIFF files. */
    int id3v2_version;
    /* A picture to attach as the front cover, replacing any others; NULL attaches none. */
    const unsigned char *picture_data;
    size_t picture_size;
    /* The picture's MIME type ("image/jpeg", "image/png"). */
    const char *picture_mime_type;
} ctaglib_write_options;

/*
 * Sets `count` properties of `path` through TagLib's property map and saves the file.
 * Keys the map cannot store become iTunes freeform atoms in MP4 and plain attributes in
 * ASF; in other formats they fail the call (CTAGLIB_UNSUPPORTED_KEY) before anything is
 * saved. Setting or removing a key also clears the other spellings ctaglib_read accepts
 * for it ("ALBUM ARTIST" for ALBUMARTIST, ...). Writes are serialised inside the shim.
 */
ctaglib_status ctaglib_write(
    const char *path, const ctaglib_property *properties, size_t count,
    const ctaglib_write_options *options, ctaglib_error *error);

#ifdef __cplusplus
}
#endif

#endif
