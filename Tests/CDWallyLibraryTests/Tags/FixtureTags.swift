import CDWallyCore

/// What each fixture's tags must read as (Tests/Fixtures/README.md says why each one is
/// there). `duration` is left 0 here; the tests check it separately, within a tolerance.
enum FixtureTags {
    static let album = "Test Card Melodies"
    static let band = "The Fixture Band"
    static let bandSort = "Fixture Band, The"
    static let albumID = "8f0c1a52-3b7e-4d2a-9c61-2e5b7d9a4f10"
    static let copyright = "℗ 1983 Warner"

    static let expected: [String: TrackTags] = [
        "tagged.flac": TrackTags(
            title: "Sine in FLAC", artist: band, album: album, albumArtist: band, albumArtistSort: bandSort,
            trackNumber: 3, discNumber: 2, date: "1983-05-01", originalDate: "1979-11-30",
            musicBrainzAlbumID: albumID, isCompilation: true, copyright: copyright,
            replayGainAlbumGain: -6.5, replayGainTrackGain: -7.12),
        "id3v23.mp3": TrackTags(
            title: "Sine in MP3 (ID3v2.3)", artist: "Dr. Oscillator", album: album,
            albumArtist: "Various Artists", trackNumber: 3, discNumber: 2, date: "1983",
            musicBrainzAlbumID: albumID, isCompilation: true, copyright: copyright,
            replayGainAlbumGain: -6.5, replayGainTrackGain: 1.25),
        "id3v24.mp3": TrackTags(
            title: "Sine in MP3 (ID3v2.4)", artist: "Ms. Waveform", album: album, albumArtist: band,
            albumArtistSort: bandSort, trackNumber: 3, discNumber: 1, date: "1983-05-01",
            originalDate: "1979-11-30", musicBrainzAlbumID: albumID, isCompilation: true,
            copyright: copyright, replayGainAlbumGain: -6.5, replayGainTrackGain: -3),
        "foobar.ogg": TrackTags(
            title: "Sine in Vorbis", artist: band, album: album, albumArtist: band, trackNumber: 3,
            discNumber: 2, date: "1983", copyright: copyright, replayGainAlbumGain: -6.5,
            replayGainTrackGain: -5.4),
        "ffmpeg.opus": TrackTags(
            title: "Sine in Opus", artist: "Dr. Oscillator", album: album, albumArtist: "Various Artists",
            trackNumber: 3, discNumber: 2, date: "1983", musicBrainzAlbumID: albumID, isCompilation: true,
            copyright: copyright),
        "itunes.m4a": TrackTags(
            title: "Sine in AAC", artist: band, album: album, albumArtist: band, albumArtistSort: bandSort,
            trackNumber: 3, discNumber: 2, date: "1983-05-01", originalDate: "1979-11-30",
            musicBrainzAlbumID: albumID, isCompilation: true, copyright: copyright,
            replayGainAlbumGain: -6.5, replayGainTrackGain: -4),
        "tagged.wav": TrackTags(
            title: "Sine in WAV", artist: band, album: album, albumArtist: band, trackNumber: 3,
            discNumber: 2, date: "1983", copyright: copyright),
        "tagged.aiff": TrackTags(
            title: "Sine in AIFF", artist: band, album: album, albumArtist: band, trackNumber: 3,
            discNumber: 2, date: "1983", copyright: copyright),
        "tagged.wv": TrackTags(
            title: "Sine in WavPack", artist: band, album: album, albumArtist: band, trackNumber: 3,
            discNumber: 2, date: "1983", musicBrainzAlbumID: albumID, copyright: copyright,
            replayGainAlbumGain: -6.5, replayGainTrackGain: -2.25),
        "tagged.wma": TrackTags(
            title: "Sine in WMA", artist: band, album: album, albumArtist: band, albumArtistSort: bandSort,
            trackNumber: 3, discNumber: 2, date: "1983", musicBrainzAlbumID: albumID, copyright: copyright,
            replayGainAlbumGain: -6.5, replayGainTrackGain: -1.5),
        "untagged.mp3": TrackTags(),
    ]

    /// The embedded picture each fixture must give (a file in Tests/Fixtures/Covers), or nil.
    static let covers: [String: String?] = [
        "tagged.flac": "front.png",
        "id3v23.mp3": "front.jpg",
        // Holds "other.png" (picture type 0) first and then the front cover.
        "id3v24.mp3": "front.jpg",
        "foobar.ogg": nil,
        "ffmpeg.opus": "front.jpg",
        "itunes.m4a": "front.png",
        "tagged.wav": nil,
        "tagged.aiff": nil,
        "tagged.wv": "front.jpg",
        "tagged.wma": "front.png",
        "untagged.mp3": nil,
    ]
}
