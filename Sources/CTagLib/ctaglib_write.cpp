// Writing tags and a cover picture, for tests and library generators.
//
// Values go through the property map, so each format stores them the way TagLib (and so
// every TagLib-based player) expects. MP4 and ASF refuse keys their tables lack, such as
// ReplayGain; those become iTunes freeform atoms and plain ASF attributes, named the way
// foobar2000 and Picard name them, so that ctaglib_read finds them again. Any other
// refused key fails the whole write before anything is saved.

#include "ctaglib_support.hpp"

#include <aifffile.h>
#include <apefile.h>
#include <apetag.h>
#include <asffile.h>
#include <asftag.h>
#include <attachedpictureframe.h>
#include <flacfile.h>
#include <id3v2tag.h>
#include <mp4file.h>
#include <mp4tag.h>
#include <mpcfile.h>
#include <mpegfile.h>
#include <trueaudiofile.h>
#include <wavfile.h>
#include <wavpackfile.h>
#include <xiphcomment.h>

#include <mutex>
#include <utility>
#include <vector>

using namespace TagLib;

namespace {

// TagLib's writers keep more shared state than its readers; writes are rare, so one at a time.
std::mutex writeLock;

struct Request {
    String key;  // upper-cased
    StringList values;
};

struct Picture {
    ByteVector data;
    String mimeType;
};

// The name a freeform MP4 atom or ASF attribute gets: ReplayGain in lower case, as
// foobar2000 writes it; anything else as given.
String extra_name(const String &key) {
    return key.startsWith("REPLAYGAIN_") ? ctaglib::ascii_lowercased(key) : key;
}

// Drops MP4 freeform atoms named like `request` (any case) whose values differ from it,
// then adds one if the property map refused the key.
void settle_mp4(MP4::Tag &tag, const Request &request, bool refused) {
    std::vector<String> stale;
    for (const auto &entry : tag.itemMap()) {
        const String &name = entry.first;
        if (!name.startsWith("----:")) continue;
        if (ctaglib::freeform_name(name).upper() != request.key) continue;
        if (entry.second.toStringList() != request.values) stale.push_back(name);
    }
    for (const String &name : stale) tag.removeItem(name);
    if (refused && !request.values.isEmpty()) {
        tag.setItem("----:com.apple.iTunes:" + extra_name(request.key), MP4::Item(request.values));
    }
}

// The same for ASF attributes named like `request`.
void settle_asf(ASF::Tag &tag, const Request &request, bool refused) {
    std::vector<String> stale;
    for (const auto &entry : tag.attributeListMap()) {
        if (entry.first.upper() != request.key) continue;
        StringList values;
        for (const ASF::Attribute &attribute : entry.second) values.append(attribute.toString());
        if (values != request.values) stale.push_back(entry.first);
    }
    for (const String &name : stale) tag.removeItem(name);
    if (refused && !request.values.isEmpty()) {
        ASF::AttributeList attributes;
        for (const String &value : request.values) attributes.append(ASF::Attribute(value));
        tag.setAttribute(extra_name(request.key), attributes);
    }
}

void attach_id3v2(ID3v2::Tag *tag, const Picture &picture) {
    tag->removeFrames("APIC");
    auto *frame = new ID3v2::AttachedPictureFrame;
    frame->setType(ID3v2::AttachedPictureFrame::FrontCover);
    frame->setMimeType(picture.mimeType);
    frame->setPicture(picture.data);
    tag->addFrame(frame);
}

FLAC::Picture *flac_picture(const Picture &picture) {
    auto *block = new FLAC::Picture;
    block->setType(FLAC::Picture::FrontCover);
    block->setMimeType(picture.mimeType);
    block->setData(picture.data);
    return block;
}

void attach_mp4(MP4::Tag *tag, const Picture &picture) {
    MP4::CoverArt::Format format = MP4::CoverArt::Unknown;
    if (picture.mimeType == "image/jpeg") format = MP4::CoverArt::JPEG;
    if (picture.mimeType == "image/png") format = MP4::CoverArt::PNG;
    if (picture.mimeType == "image/gif") format = MP4::CoverArt::GIF;
    if (picture.mimeType == "image/bmp") format = MP4::CoverArt::BMP;
    MP4::CoverArtList covers;
    covers.append(MP4::CoverArt(format, picture.data));
    tag->setItem("covr", MP4::Item(covers));
}

void attach_asf(ASF::Tag *tag, const Picture &picture) {
    ASF::Picture asfPicture;
    asfPicture.setType(ASF::Picture::FrontCover);
    asfPicture.setMimeType(picture.mimeType);
    asfPicture.setPicture(picture.data);
    tag->setAttribute("WM/Picture", ASF::Attribute(asfPicture));
}

void attach_ape(APE::Tag *tag, const Picture &picture) {
    const int slash = picture.mimeType.find("/");
    const String extension = picture.mimeType.substr(static_cast<unsigned int>(slash + 1));
    ByteVector value = ByteVector("cover.") + extension.data(String::Latin1);
    value.append(ByteVector(1, '\0'));
    value.append(picture.data);
    tag->setData("COVER ART (FRONT)", value);
}

// False when the format has no place for a picture.
bool attach(File *file, const Picture &picture) {
    if (auto *flac = dynamic_cast<FLAC::File *>(file)) {
        flac->removePictures();
        flac->addPicture(flac_picture(picture));
    } else if (auto *mpeg = dynamic_cast<MPEG::File *>(file)) {
        attach_id3v2(mpeg->ID3v2Tag(true), picture);
    } else if (auto *wav = dynamic_cast<RIFF::WAV::File *>(file)) {
        attach_id3v2(wav->ID3v2Tag(), picture);
    } else if (auto *aiff = dynamic_cast<RIFF::AIFF::File *>(file)) {
        attach_id3v2(aiff->tag(), picture);
    } else if (auto *trueAudio = dynamic_cast<TrueAudio::File *>(file)) {
        attach_id3v2(trueAudio->ID3v2Tag(true), picture);
    } else if (auto *mp4 = dynamic_cast<MP4::File *>(file)) {
        attach_mp4(mp4->tag(), picture);
    } else if (auto *asf = dynamic_cast<ASF::File *>(file)) {
        attach_asf(asf->tag(), picture);
    } else if (auto *wavPack = dynamic_cast<WavPack::File *>(file)) {
        attach_ape(wavPack->APETag(true), picture);
    } else if (auto *ape = dynamic_cast<APE::File *>(file)) {
        attach_ape(ape->APETag(true), picture);
    } else if (auto *mpc = dynamic_cast<MPC::File *>(file)) {
        attach_ape(mpc->APETag(true), picture);
    } else if (auto *xiph = dynamic_cast<Ogg::XiphComment *>(file->tag())) {
        xiph->removeAllPictures();
        xiph->addPicture(flac_picture(picture));
    } else {
        return false;
    }
    return true;
}

bool save(File *file, ID3v2::Version version) {
    if (auto *mpeg = dynamic_cast<MPEG::File *>(file)) {
        // Keep an existing ID3v1/APE tag, but do not create one from the ID3v2 tag.
        return mpeg->save(MPEG::File::AllTags, File::StripNone, version, File::DoNotDuplicate);
    }
    if (auto *wav = dynamic_cast<RIFF::WAV::File *>(file)) {
        return wav->save(RIFF::WAV::File::AllTags, File::StripNone, version);
    }
    if (auto *aiff = dynamic_cast<RIFF::AIFF::File *>(file)) return aiff->save(version);
    return file->save();
}

ctaglib_status write_file(
    const char *path, const std::vector<Request> &requests, const Picture *picture, ID3v2::Version version,
    ctaglib_error *error) {
    std::lock_guard<std::mutex> guard(writeLock);
    ctaglib::OpenedFile opened;
    const ctaglib_status status = opened.open(path, true, false, error);
    if (status != CTAGLIB_OK) return status;
    File *file = opened.file();

    PropertyMap map = file->properties();
    for (const Request &request : requests) {
        for (const String &alias : ctaglib::key_aliases(request.key)) map.erase(alias);
        if (request.values.isEmpty()) {
            map.erase(request.key);
        } else {
            map.replace(request.key, request.values);
        }
    }
    const PropertyMap refused = file->setProperties(map);

    auto *mp4 = dynamic_cast<MP4::File *>(file);
    auto *asf = dynamic_cast<ASF::File *>(file);
    for (const Request &request : requests) {
        const bool isRefused = refused.contains(request.key);
        if (mp4 != nullptr) {
            settle_mp4(*mp4->tag(), request, isRefused);
        } else if (asf != nullptr) {
            settle_asf(*asf->tag(), request, isRefused);
        } else if (isRefused) {
            return ctaglib::fail(
                error, CTAGLIB_UNSUPPORTED_KEY, 0,
                "this format cannot store the key " + request.key.to8Bit(true));
        }
    }
    if (picture != nullptr && !attach(file, *picture)) {
        return ctaglib::fail(error, CTAGLIB_UNSUPPORTED_KEY, 0, "this format cannot store a picture");
    }
    if (!save(file, version)) {
        return ctaglib::fail(error, CTAGLIB_SAVE_FAILED, 0, "TagLib could not save the file");
    }
    return CTAGLIB_OK;
}

}  // namespace

extern "C" ctaglib_status ctaglib_write(
    const char *path, const ctaglib_property *properties, size_t count, const ctaglib_write_options *options,
    ctaglib_error *error) {
    const auto invalid = [error](const std::string &what) {
        return ctaglib::fail(error, CTAGLIB_INVALID_ARGUMENT, 0, what);
    };
    if (path == nullptr || (properties == nullptr && count > 0)) return invalid("NULL argument");
    const int id3v2Version = options != nullptr ? options->id3v2_version : 4;
    if (id3v2Version != 3 && id3v2Version != 4) return invalid("the ID3v2 version must be 3 or 4");
    const bool hasPicture = options != nullptr && options->picture_data != nullptr;
    if (hasPicture && (options->picture_size == 0 || options->picture_mime_type == nullptr)) {
        return invalid("a picture needs bytes and a MIME type");
    }
    return ctaglib::guarded(error, [&] {
        std::vector<Request> requests;
        for (size_t index = 0; index < count; ++index) {
            const ctaglib_property &property = properties[index];
            if (property.key == nullptr || (property.values == nullptr && property.value_count > 0)) {
                return invalid("NULL key or values");
            }
            Request request{String(property.key, String::UTF8).upper(), StringList()};
            if (request.key.isEmpty()) return invalid("empty key");
            for (size_t value = 0; value < property.value_count; ++value) {
                if (property.values[value] == nullptr) return invalid("NULL value");
                request.values.append(String(property.values[value], String::UTF8));
            }
            requests.push_back(request);
        }
        Picture picture;
        if (hasPicture) {
            const auto *bytes = reinterpret_cast<const char *>(options->picture_data);
            picture.data = ByteVector(bytes, static_cast<unsigned int>(options->picture_size));
            picture.mimeType = ctaglib::ascii_lowercased(String(options->picture_mime_type, String::UTF8));
        }
        const ID3v2::Version version = id3v2Version == 3 ? ID3v2::v3 : ID3v2::v4;
        return write_file(path, requests, hasPicture ? &picture : nullptr, version, error);
    });
}
