import CDWallyCore
import CDWallyVocabulary

/// Albums, wallets and snapshots made up for the render tests: plain values, no files.
enum Sample {
    static func album(artist: String, title: String, tracks: [String], seconds: Double = 343.2) -> Album {
        let albumTracks = tracks.enumerated().map { index, name in
            AlbumTrack(
                path: RawPath("/music/\(artist)/\(title)/\(index + 1).flac"), disc: 1, track: index + 1,
                title: name, artist: artist, duration: seconds)
        }
        return Album(
            id: AlbumID(identityKey: artist + "\u{1F}" + title), albumArtist: artist, title: title,
            year: 2019,
            tracks: albumTracks, directories: [RawPath("/music/\(artist)/\(title)")])
    }

    /// Three discs; the third has twelve tracks named "Track 1" … "Track 12".
    static let wallet: Wallet = {
        let discs = [
            album(
                artist: "Captain Oscillator", title: "Chord Sandwich",
                tracks: ["Bread First", "Lettuce Pray"]),
            album(artist: "Dr. Theremin", title: "Music for Waiting Rooms", tracks: ["Please Take a Number"]),
            album(
                artist: "The Sine Waves", title: "Low Tide Arpeggios", tracks: (1...12).map { "Track \($0)" }),
        ]
        return Wallet(discs: discs, total: discs.count, capacity: 20)
    }()

    /// Disc `position` of `wallet` at track `track`, `elapsed` seconds in.
    static func snapshot(
        _ state: PlaybackState = .playing, disc position: Int = 3, track: Int = 4, elapsed: Double = 137.6,
        duration: Double? = 343.2, wallet: Wallet = wallet
    ) -> PlayerSnapshot {
        let album = wallet.discs[position - 1]
        return PlayerSnapshot(
            state: state, disc: CurrentDisc(album: album, position: position), trackIndex: track,
            track: album.tracks[track - 1], elapsed: elapsed, duration: duration, wallet: wallet)
    }

    static let idle = PlayerSnapshot.idle(wallet: wallet)
}
