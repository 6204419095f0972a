import CDWallyCore

extension TagWriter {
    /// The property-map form of `tags`: every field `TrackTags` has, with absent values
    /// (and a false compilation flag) as keys to remove. `duration` is not a tag.
    public static func properties(for tags: TrackTags) -> [String: [String]] {
        func values(_ text: String?) -> [String] { text.map { [$0] } ?? [] }
        return [
            "TITLE": values(tags.title),
            "ARTIST": values(tags.artist),
            "ALBUM": values(tags.album),
            "ALBUMARTIST": values(tags.albumArtist),
            "ALBUMARTISTSORT": values(tags.albumArtistSort),
            "TRACKNUMBER": values(tags.trackNumber.map(String.init)),
            "DISCNUMBER": values(tags.discNumber.map(String.init)),
            "DATE": values(tags.date),
            "ORIGINALDATE": values(tags.originalDate),
            "MUSICBRAINZ_ALBUMID": values(tags.musicBrainzAlbumID),
            "COMPILATION": tags.isCompilation ? ["1"] : [],
            "COPYRIGHT": values(tags.copyright),
            "REPLAYGAIN_ALBUM_GAIN": values(tags.replayGainAlbumGain.map(TagValue.gainText)),
            "REPLAYGAIN_TRACK_GAIN": values(tags.replayGainTrackGain.map(TagValue.gainText)),
        ]
    }

    /// Writes every field of `tags` into the file at `path` (see `properties(for:)`), so
    /// that `TagReader.read` gives `tags` back, apart from `duration`.
    public func write(_ tags: TrackTags, to path: RawPath, cover: CoverArt? = nil) throws(TagWriteError) {
        try write(Self.properties(for: tags), to: path, cover: cover)
    }
}
