// Reading one file's tags into a ctaglib_tags record.
//
// The property map is the common ground, but it misses values that real libraries carry:
// MP4 freeform atoms outside TagLib's key table (ReplayGain, the upper- or lower-case
// ORIGINALDATE atom the other TagLib version uses), ASF attributes it does not map, and
// the spellings other taggers use (Vorbis "ALBUM ARTIST", ffmpeg's TXXX:TCMP and
// "MUSICBRAINZ ALBUM ID"). Those are folded into a copy of the map first, under their
// upper-cased names, and each field then takes the first key that has a value.

#include "ctaglib_support.hpp"

#include <asffile.h>
#include <asftag.h>
#include <audioproperties.h>
#include <mp4file.h>
#include <mp4tag.h>

#include <cstdlib>

using namespace TagLib;

namespace {

// Adds `values` under `name` upper-cased, unless the map already has that key.
void add_missing(PropertyMap &map, const String &name, const StringList &values) {
    const String key = name.upper();
    if (values.isEmpty() || map.contains(key)) return;
    map.insert(key, values);
}

// MP4 freeform atoms ("----:com.apple.iTunes:replaygain_track_gain") by their last part.
void add_mp4_freeform_items(PropertyMap &map, const MP4::Tag &tag) {
    for (const auto &entry : tag.itemMap()) {
        if (!entry.first.startsWith("----:")) continue;
        add_missing(map, ctaglib::freeform_name(entry.first), entry.second.toStringList());
    }
}

// ASF attributes the property map leaves out (foobar2000 writes "replaygain_*" there).
void add_asf_attributes(PropertyMap &map, const ASF::Tag &tag) {
    for (const auto &entry : tag.attributeListMap()) {
        StringList values;
        for (const auto &attribute : entry.second) {
            if (attribute.type() == ASF::Attribute::UnicodeType) values.append(attribute.toString());
        }
        add_missing(map, entry.first, values);
    }
}

PropertyMap merged_properties(File &file) {
    PropertyMap map = file.properties();
    if (auto *mp4 = dynamic_cast<MP4::File *>(&file)) {
        if (const MP4::Tag *tag = mp4->tag()) add_mp4_freeform_items(map, *tag);
    } else if (auto *asf = dynamic_cast<ASF::File *>(&file)) {
        if (const ASF::Tag *tag = asf->tag()) add_asf_attributes(map, *tag);
    }
    return map;
}

void fill(ctaglib_tags &tags, const PropertyMap &map) {
    using ctaglib::copy_string;
    using ctaglib::first_value;
    using ctaglib::joined_values;
    tags.title = copy_string(joined_values(map, "TITLE"));
    tags.artist = copy_string(joined_values(map, "ARTIST"));
    tags.album = copy_string(joined_values(map, "ALBUM"));
    tags.album_artist = copy_string(joined_values(map, "ALBUMARTIST"));
    tags.album_artist_sort = copy_string(first_value(map, "ALBUMARTISTSORT"));
    tags.track_number = copy_string(first_value(map, "TRACKNUMBER"));
    tags.disc_number = copy_string(first_value(map, "DISCNUMBER"));
    tags.date = copy_string(first_value(map, "DATE"));
    tags.original_date = copy_string(first_value(map, "ORIGINALDATE"));
    tags.musicbrainz_album_id =
        copy_string(first_value(map, "MUSICBRAINZ_ALBUMID"));
    tags.compilation = copy_string(first_value(map, "COMPILATION"));
    tags.copyright = copy_string(first_value(map, "COPYRIGHT"));
    tags.replaygain_album_gain = copy_string(first_value(map, "REPLAYGAIN_ALBUM_GAIN"));
    tags.replaygain_track_gain = copy_string(first_value(map, "REPLAYGAIN_TRACK_GAIN"));
}

}  // namespace

namespace {

ctaglib_status read_tags(
    const char *path, int read_audio_properties, bool checked, ctaglib_tags *tags, ctaglib_error *error) {
    if (path == nullptr || tags == nullptr) {
        return ctaglib::fail(error, CTAGLIB_INVALID_ARGUMENT, 0, "NULL argument");
    }
    *tags = ctaglib_tags{};
    tags->duration_ms = -1;
    return ctaglib::guarded(error, [&] {
        ctaglib::OpenedFile opened;
        const ctaglib_status status = opened.open(path, false, read_audio_properties != 0, error, checked);
        if (status != CTAGLIB_OK) return status;
        ctaglib_tags result{};
        result.duration_ms = -1;
        try {
            fill(result, merged_properties(*opened.file()));
            // ASF fills its audio properties even when told not to; honour the contract.
            const AudioProperties *audio = opened.file()->audioProperties();
            if (read_audio_properties != 0 && audio != nullptr) {
                result.duration_ms = audio->lengthInMilliseconds();
            }
        } catch (...) {
            ctaglib_tags_free(&result);
            throw;
        }
        *tags = result;
        return CTAGLIB_OK;
    });
}

}  // namespace

extern "C" ctaglib_status ctaglib_read(
    const char *path, int read_audio_properties, ctaglib_tags *tags, ctaglib_error *error) {
    return read_tags(path, read_audio_properties, false, tags, error);
}

extern "C" ctaglib_status ctaglib_read_regular(
    const char *path, int read_audio_properties, ctaglib_tags *tags, ctaglib_error *error) {
    return read_tags(path, read_audio_properties, true, tags, error);
}

extern "C" void ctaglib_tags_free(ctaglib_tags *tags) {
    if (tags == nullptr) return;
    char **fields[] = {
        &tags->title, &tags->artist, &tags->album, &tags->album_artist, &tags->album_artist_sort,
        &tags->track_number, &tags->disc_number, &tags->date, &tags->original_date,
        &tags->musicbrainz_album_id, &tags->compilation, &tags->copyright,
        &tags->replaygain_album_gain, &tags->replaygain_track_gain,
    };
    for (char **field : fields) {
        std::free(*field);
        *field = nullptr;
    }
    tags->duration_ms = -1;
}
