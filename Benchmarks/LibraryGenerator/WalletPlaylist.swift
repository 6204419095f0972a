/// The `CDs.m3u8` of a generated library: one track of each of a few albums spread over the
/// library, as a user would have saved it from a player (relative paths, `#EXTINF` hints).
///
/// The first picks make sure the wallet holds every format, an album in `CD1`/`CD2`
/// folders (named by a track of its second disc, so the sibling disc folders must be found)
/// and a compilation; the rest are spread evenly. The same seed gives the same playlist.
enum WalletPlaylist {
    struct Entry: Sendable {
        var album: AlbumPlan
        var track: TrackPlan
    }

    private enum Wish {
        case format(AudioFormat)
        case discFolders
        case compilation

        func accepts(_ album: AlbumPlan) -> Bool {
            switch self {
            case .format(let format): album.format == format
            case .discFolders: album.layout == .discFolders
            case .compilation: album.isCompilation
            }
        }
    }

    static func pick(from albums: [AlbumPlan], count: Int, seed: UInt64) -> [Entry] {
        let wanted = min(count, albums.count)
        guard wanted > 0 else { return [] }
        var random = SeededRandom(seed: seed, stream: "playlist", number: 0)
        let wishes: [Wish] = AudioFormat.allCases.map(Wish.format) + [.discFolders, .compilation]
        var taken: Set<Int> = []
        var entries: [Entry] = []
        for slot in 0..<wanted {
            let start = slot * albums.count / wanted
            let order = (0..<albums.count).map { (start + $0) % albums.count }.filter { !taken.contains($0) }
            let wish = slot < wishes.count ? wishes[slot] : nil
            guard let chosen = order.first(where: { wish?.accepts(albums[$0]) ?? true }) ?? order.first else {
                break
            }
            taken.insert(chosen)
            let album = albums[chosen]
            let candidates =
                album.layout == .discFolders ? album.tracks.filter { $0.disc == 2 } : album.tracks
            entries.append(Entry(album: album, track: random.pick(candidates)))
        }
        return entries
    }

    /// The playlist text; paths are relative to the library root, where the playlist lives.
    static func text(_ entries: [Entry]) -> String {
        var text = "#EXTM3U\n"
        for entry in entries {
            text += "#EXTINF:2,\(entry.track.artist) - \(entry.track.title)\n\(entry.track.path)\n"
        }
        return text
    }
}
