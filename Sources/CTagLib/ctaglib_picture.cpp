// Extracting the cover picture of one file.
//
// TagLib 1.13 has no generic picture API (complexProperties arrived in 2.0), so each tag
// family is asked in its own terms: FLAC picture blocks, ID3v2 APIC frames (MP3, WAV,
// AIFF, TrueAudio), Xiph METADATA_BLOCK_PICTURE (Ogg Vorbis, Opus, Ogg FLAC, Speex), the
// MP4 covr atom, ASF WM/Picture and the APE "Cover Art (Front)" item. The front cover wins;
// otherwise the first picture found.

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

#include <cstdlib>
#include <cstring>

using namespace TagLib;

namespace {

struct Found {
    ByteVector data;
    String mimeType;
    bool isFront = false;
};

// Keeps the first picture, replacing it only by the first front cover seen.
struct Choice {
    Found best;
    bool any = false;

    void offer(const ByteVector &data, const String &mimeType, bool isFront) {
        if (data.isEmpty()) return;
        if (any && (best.isFront || !isFront)) return;
        best = Found{data, mimeType, isFront};
        any = true;
    }
};

void from_id3v2(Choice &choice, const ID3v2::Tag *tag) {
    if (tag == nullptr) return;
    for (const ID3v2::Frame *frame : tag->frameList("APIC")) {
        const auto *picture = dynamic_cast<const ID3v2::AttachedPictureFrame *>(frame);
        if (picture == nullptr) continue;
        const bool front = picture->type() == ID3v2::AttachedPictureFrame::FrontCover;
        choice.offer(picture->picture(), picture->mimeType(), front);
    }
}

void from_flac_pictures(Choice &choice, const List<FLAC::Picture *> &pictures) {
    for (const FLAC::Picture *picture : pictures) {
        choice.offer(picture->data(), picture->mimeType(), picture->type() == FLAC::Picture::FrontCover);
    }
}

void from_xiph(Choice &choice, Ogg::XiphComment *comment) {
    if (comment != nullptr) from_flac_pictures(choice, comment->pictureList());
}

void from_mp4(Choice &choice, const MP4::Tag *tag) {
    if (tag == nullptr || !tag->contains("covr")) return;
    for (const MP4::CoverArt &art : tag->item("covr").toCoverArtList()) {
        String mime;
        switch (art.format()) {
        case MP4::CoverArt::JPEG: mime = "image/jpeg"; break;
        case MP4::CoverArt::PNG: mime = "image/png"; break;
        case MP4::CoverArt::GIF: mime = "image/gif"; break;
        case MP4::CoverArt::BMP: mime = "image/bmp"; break;
        default: break;
        }
        // MP4 has no picture types: the covr atom holds covers.
        choice.offer(art.data(), mime, true);
    }
}

void from_asf(Choice &choice, const ASF::Tag *tag) {
    if (tag == nullptr || !tag->contains("WM/Picture")) return;
    for (const ASF::Attribute &attribute : tag->attribute("WM/Picture")) {
        const ASF::Picture picture = attribute.toPicture();
        if (!picture.isValid()) continue;
        choice.offer(picture.picture(), picture.mimeType(), picture.type() == ASF::Picture::FrontCover);
    }
}

// APE binary items hold "file name" NUL "bytes"; the item key says which picture it is.
void from_ape(Choice &choice, const APE::Tag *tag) {
    if (tag == nullptr) return;
    for (const auto &entry : tag->itemListMap()) {
        const String key = entry.first.upper();
        if (!key.startsWith("COVER ART")) continue;
        const ByteVector raw = entry.second.binaryData();
        const int separator = raw.find(ByteVector(1, '\0'));
        if (separator < 0) continue;
        choice.offer(raw.mid(static_cast<unsigned int>(separator) + 1), String(), key == "COVER ART (FRONT)");
    }
}

void collect(Choice &choice, File *file) {
    if (auto *flac = dynamic_cast<FLAC::File *>(file)) {
        from_flac_pictures(choice, flac->pictureList());
        from_xiph(choice, flac->xiphComment());
        from_id3v2(choice, flac->ID3v2Tag());
    } else if (auto *mpeg = dynamic_cast<MPEG::File *>(file)) {
        from_id3v2(choice, mpeg->ID3v2Tag());
        from_ape(choice, mpeg->APETag());
    } else if (auto *wav = dynamic_cast<RIFF::WAV::File *>(file)) {
        from_id3v2(choice, wav->ID3v2Tag());
    } else if (auto *aiff = dynamic_cast<RIFF::AIFF::File *>(file)) {
        from_id3v2(choice, aiff->tag());
    } else if (auto *trueAudio = dynamic_cast<TrueAudio::File *>(file)) {
        from_id3v2(choice, trueAudio->ID3v2Tag());
    } else if (auto *mp4 = dynamic_cast<MP4::File *>(file)) {
        from_mp4(choice, mp4->tag());
    } else if (auto *asf = dynamic_cast<ASF::File *>(file)) {
        from_asf(choice, asf->tag());
    } else if (auto *wavPack = dynamic_cast<WavPack::File *>(file)) {
        from_ape(choice, wavPack->APETag());
    } else if (auto *ape = dynamic_cast<APE::File *>(file)) {
        from_ape(choice, ape->APETag());
    } else if (auto *mpc = dynamic_cast<MPC::File *>(file)) {
        from_ape(choice, mpc->APETag());
    } else {
        // Every Ogg format's tag() is its Xiph comment.
        from_xiph(choice, dynamic_cast<Ogg::XiphComment *>(file->tag()));
    }
}

// The MIME type from the bytes, for containers that do not store one (APE) or files that
// left it empty.
String sniff_mime_type(const ByteVector &data) {
    if (data.startsWith(ByteVector("\xFF\xD8\xFF", 3))) return "image/jpeg";
    if (data.startsWith(ByteVector("\x89PNG", 4))) return "image/png";
    if (data.startsWith(ByteVector("GIF8", 4))) return "image/gif";
    if (data.startsWith(ByteVector("BM", 2))) return "image/bmp";
    if (data.startsWith(ByteVector("RIFF", 4)) && data.containsAt(ByteVector("WEBP", 4), 8)) {
        return "image/webp";
    }
    return String();
}

}  // namespace

extern "C" ctaglib_status ctaglib_read_picture(
    const char *path, ctaglib_picture *picture, ctaglib_error *error) {
    if (path == nullptr || picture == nullptr) {
        return ctaglib::fail(error, CTAGLIB_INVALID_ARGUMENT, 0, "NULL argument");
    }
    *picture = ctaglib_picture{};
    return ctaglib::guarded(error, [&] {
        ctaglib::OpenedFile opened;
        const ctaglib_status status = opened.open(path, false, false, error);
        if (status != CTAGLIB_OK) return status;
        Choice choice;
        collect(choice, opened.file());
        if (!choice.any) return CTAGLIB_OK;
        const ByteVector &data = choice.best.data;
        auto *bytes = static_cast<unsigned char *>(std::malloc(data.size()));
        if (bytes == nullptr) throw std::bad_alloc();
        std::memcpy(bytes, data.data(), data.size());
        String mime = ctaglib::ascii_lowercased(choice.best.mimeType.stripWhiteSpace());
        // Some taggers write "jpeg", "PNG" or "image/jpg" instead of a MIME type.
        if (!mime.isEmpty() && mime.find("/") < 0) mime = "image/" + mime;
        if (mime == "image/jpg") mime = "image/jpeg";
        if (mime.isEmpty()) mime = sniff_mime_type(data);
        picture->data = bytes;
        picture->size = data.size();
        picture->mime_type = ctaglib::copy_string(mime);
        return CTAGLIB_OK;
    });
}

extern "C" void ctaglib_picture_free(ctaglib_picture *picture) {
    if (picture == nullptr) return;
    std::free(picture->data);
    std::free(picture->mime_type);
    *picture = ctaglib_picture{};
}
