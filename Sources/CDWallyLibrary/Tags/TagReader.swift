import CDWallyCore
import CTagLib

/// Reads the tags and cover art of audio files with TagLib, through the CTagLib shim.
///
/// Creating a reader prepares TagLib once per process (silences its debug output, fills
/// its lazy tables). After that a reader may be used from any thread, and several threads
/// may read different files at the same time: each read opens its own TagLib file,
/// read-only, and closes it before returning. The reader holds no state of its own.
public struct TagReader: Sendable {
    public init() {
        ctaglib_initialize()
    }

    /// The tags of the file at `path`, whose bytes are handed to the file system as they
    /// are. With `audioProperties: false` the audio stream is not examined, which is much
    /// faster, and `duration` is 0. `isRegularFile`: the caller's own `stat` found a regular
    /// file there a moment ago (a scan's listing), so the path is not looked up again first.
    public func read(_ path: RawPath, audioProperties: Bool = true, isRegularFile: Bool = false)
        throws(TagReadError) -> TrackTags
    {
        // A C string would end at the NUL and name another file; no real path holds one.
        guard !path.bytes.contains(0) else { throw .missing(path) }
        var record = ctaglib_tags()
        var error = ctaglib_error()
        let status = path.withCString {
            isRegularFile
                ? ctaglib_read_regular($0, audioProperties ? 1 : 0, &record, &error)
                : ctaglib_read($0, audioProperties ? 1 : 0, &record, &error)
        }
        defer { ctaglib_tags_free(&record) }
        do {
            try TagLibFailure.check(status, call: "ctaglib_read", error: &error)
        } catch {
            throw TagReadError(error, path: path)
        }
        return Self.trackTags(record)
    }

    /// The front cover embedded in the file at `path`, else its first picture; nil when it
    /// holds none.
    public func cover(_ path: RawPath) throws(TagReadError) -> CoverArt? {
        guard !path.bytes.contains(0) else { throw .missing(path) }
        var picture = ctaglib_picture()
        var error = ctaglib_error()
        let status = path.withCString { ctaglib_read_picture($0, &picture, &error) }
        defer { ctaglib_picture_free(&picture) }
        do {
            try TagLibFailure.check(status, call: "ctaglib_read_picture", error: &error)
        } catch {
            throw TagReadError(error, path: path)
        }
        guard let data = picture.data, picture.size > 0 else { return nil }
        let mimeType = picture.mime_type.map { String(cString: $0) } ?? "application/octet-stream"
        return CoverArt(
            data: Array(UnsafeBufferPointer(start: data, count: picture.size)), mimeType: mimeType)
    }

    private static func trackTags(_ record: ctaglib_tags) -> TrackTags {
        func text(_ field: UnsafeMutablePointer<CChar>?) -> String? {
            TagValue.trimmed(field.map { String(cString: $0) })
        }
        return TrackTags(
            title: text(record.title),
            artist: text(record.artist),
            album: text(record.album),
            albumArtist: text(record.album_artist),
            albumArtistSort: text(record.album_artist_sort),
            trackNumber: TagNumber.leading(text(record.track_number)),
            discNumber: TagNumber.leading(text(record.disc_number)),
            date: text(record.date),
            originalDate: text(record.original_date),
            musicBrainzAlbumID: text(record.musicbrainz_album_id),
            isCompilation: TagValue.flag(text(record.compilation)),
            copyright: text(record.copyright),
            replayGainAlbumGain: TagValue.gain(text(record.replaygain_album_gain)),
            replayGainTrackGain: TagValue.gain(text(record.replaygain_track_gain)),
            duration: record.duration_ms > 0 ? Double(record.duration_ms) / 1000 : 0
        )
    }
}
