import CDWallyCore
import CDWallyMPRIS

extension MPRISState {
    static let sampleTrack = MPRISTrackID(
        album: AlbumID(identityKey: "plastic bertrand\u{0}an 1"), trackIndex: 2)

    /// A track playing, every control possible: what most tests serve.
    static let sample = MPRISState(
        playbackStatus: .playing,
        metadata: MPRISMetadata(
            trackID: sampleTrack, title: "Ça plane pour moi", artists: ["Plastic Bertrand", "Lou Deprijck"],
            album: "AN1", albumArtists: ["Plastic Bertrand"], trackNumber: 3, discNumber: 2,
            lengthMicroseconds: 181_000_000, artURL: "file:///tmp/cdwally%20art/cover.jpg",
            url: "file:///music/Plastic%20Bertrand/AN1/03%20%C3%87a%20plane.flac"),
        canGoNext: true, canGoPrevious: true, canPlay: true, canPause: true, canSeek: true, volume: 0.5)
}
