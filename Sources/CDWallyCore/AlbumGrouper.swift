/// Groups track files into albums and orders each album's tracks (docs/PRODUCT.md §3).
///
/// Identity, in order of preference: the MusicBrainz album id; else the album artist (or the
/// artist, featured credits set aside) with the album title, compared folded; a compilation
/// without an album artist is one album per folder, and so are tracks of one folder and one
/// title whose artists differ with no tag to say so; tracks with no album tag make an album of
/// their folder. A folder named like `CD1` belongs to its parent's album.
///
/// An album is bounded by its folder: the same identity in two folders is two copies (FLAC and
/// MP3, or Weezer's namesakes), unless the folders are siblings that carry different disc
/// numbers (`Left` with disc 1, `Right` with disc 2). Each album's id is its identity and its own
/// folder (`AlbumID.init(identityKey:folder:)`), so a copy added beside it never changes it.
public enum AlbumGrouper {
    public static let variousArtists = "Various Artists"

    /// - Parameter root: the library root, which album folders are named from in the ids, so
    ///   that an id survives the library being mounted elsewhere; nil names them whole.
    public static func albums(from files: [TrackFile], root: RawPath? = nil) -> [Album] {
        var placed = files.map(PlacedTrack.init)
        markRippedCompilations(&placed)
        var groups: [String: [PlacedTrack]] = [:]
        for track in placed { groups[track.identityKey, default: []].append(track) }
        var albums: [Album] = []
        for (key, tracks) in groups {
            for part in copies(tracks) { albums.append(makeAlbum(key: key, tracks: part, root: root)) }
        }
        return albums.sorted {
            ($0.tracks.first?.path ?? RawPath("")) < ($1.tracks.first?.path ?? RawPath(""))
        }
    }

    /// The key that decides which album a file belongs to before folders and copies are told
    /// apart; the index stores it so that an album's tracks can be fetched without grouping
    /// them all.
    public static func identityKey(for file: TrackFile) -> String {
        PlacedTrack(file).identityKey
    }

    /// The folder an album lives in, given a track's folder: the folder itself, or its
    /// parent for a disc folder such as `CD2`.
    public static func albumFolder(of folder: RawPath) -> RawPath {
        TrackPlacement.discNumber(folderName: folder.lastComponent.display) == nil ? folder : folder.parent
    }

    /// True when a file states its disc by a tag or a marker in its album title, outside a
    /// disc folder: its folder's siblings may hold the album's other discs.
    public static func mayHaveSiblingDiscs(_ file: TrackFile) -> Bool {
        PlacedTrack(file).joinsSiblings
    }

    /// Play order: disc, then track number (unnumbered tracks last), then natural name order.
    public static func playOrder(_ lhs: AlbumTrack, _ rhs: AlbumTrack) -> Bool {
        if lhs.disc != rhs.disc { return lhs.disc < rhs.disc }
        if lhs.track != rhs.track { return (lhs.track ?? Int.max) < (rhs.track ?? Int.max) }
        let left = lhs.path.lastComponent.display
        let right = rhs.path.lastComponent.display
        if left != right { return TextKey.naturalOrder(left, right) }
        return lhs.path < rhs.path
    }

    /// Tracks of one folder and one title keyed by different artists, with no album artist or
    /// compilation tag, are a ripped compilation (or guests the credit parsing missed): one album.
    private static func markRippedCompilations(_ placed: inout [PlacedTrack]) {
        var keysByFolderTitle: [String: Set<String>] = [:]
        func folderTitle(_ track: PlacedTrack) -> String? {
            guard track.isKeyedByArtist, let title = track.albumTitle else { return nil }
            return PlacedTrack.compilationKey(albumRoot: track.albumRoot, title: title)
        }
        for track in placed {
            if let key = folderTitle(track) { keysByFolderTitle[key, default: []].insert(track.identityKey) }
        }
        for index in placed.indices {
            if let key = folderTitle(placed[index]), (keysByFolderTitle[key]?.count ?? 0) > 1 {
                placed[index].identityKey = key
            }
        }
    }

    /// Splits one identity's tracks by album folder. Sibling folders are one album when their
    /// tracks complement each other rather than repeat: those whose tracks all state their disc
    /// (by tag or title, not by a `CD1` folder, whose parent is the album) and share no disc
    /// number, and those that share no (disc, track) number and hold the same format and year
    /// (an album spread over two folders). Folders that hold the same numbers are copies.
    private static func copies(_ tracks: [PlacedTrack]) -> [[PlacedTrack]] {
        var byRoot: [RawPath: [PlacedTrack]] = [:]
        for track in tracks { byRoot[track.albumRoot, default: []].append(track) }
        var parts: [FolderPart] = []
        for root in byRoot.keys.sorted() {
            let part = FolderPart(root: root, tracks: byRoot[root] ?? [])
            if let index = parts.firstIndex(where: { $0.joins(part) }) {
                parts[index].absorb(part)
            } else {
                parts.append(part)
            }
        }
        return parts.map(\.tracks)
    }

    /// The tracks of one or more sibling album folders taken as one album so far.
    private struct FolderPart {
        let parent: RawPath
        var tracks: [PlacedTrack]
        var discs: Set<Int>
        var numbers: Set<[Int]>
        /// Every track states its disc outside a disc folder.
        let stated: Bool
        /// The one file extension and year of all its tracks, or nil when they differ.
        var format: String?
        var year: Int?

        init(root: RawPath, tracks: [PlacedTrack]) {
            parent = root.parent
            self.tracks = tracks
            discs = Set(tracks.map(\.disc))
            numbers = Set(tracks.compactMap { track in track.track.map { [track.disc, $0] } })
            stated = tracks.allSatisfy(\.joinsSiblings)
            let formats = Set(tracks.map { $0.file.path.fileExtension.lowercased() })
            format = formats.count == 1 ? formats.first : nil
            let years = Set(tracks.map { TagNumber.year(in: $0.file.tags.date) })
            year = years.count == 1 ? years.first ?? nil : nil
        }

        func joins(_ other: FolderPart) -> Bool {
            guard parent == other.parent else { return false }
            if stated && other.stated && discs.isDisjoint(with: other.discs) { return true }
            // Every track numbered, none twice, one format and one year on both sides.
            return numbers.count == tracks.count && other.numbers.count == other.tracks.count
                && numbers.isDisjoint(with: other.numbers) && format != nil && format == other.format
                && year == other.year
        }

        mutating func absorb(_ other: FolderPart) {
            tracks += other.tracks
            discs.formUnion(other.discs)
            numbers.formUnion(other.numbers)
        }
    }

    private static func makeAlbum(key: String, tracks placed: [PlacedTrack], root libraryRoot: RawPath?)
        -> Album
    {
        let ordered = placed.map { ($0, $0.albumTrack(artist: "")) }.sorted { playOrder($0.1, $1.1) }.map(\.0)
        let tags = ordered.map(\.file.tags)
        let root = ordered.first?.albumRoot ?? RawPath("/")
        let albumArtist =
            tags.lazy.compactMap(\.albumArtist).first ?? inferredArtist(key: key, tracks: ordered)
        let date = tags.lazy.compactMap(\.originalDate).first ?? tags.lazy.compactMap(\.date).first
        let year = TagNumber.year(in: date) ?? tags.lazy.compactMap { TagNumber.year(in: $0.copyright) }.first
        return Album(
            id: AlbumID(identityKey: key, folder: AlbumID.folderName(root, within: libraryRoot)),
            identityKey: key,
            albumArtist: albumArtist,
            albumArtistSort: tags.lazy.compactMap(\.albumArtistSort).first,
            title: ordered.lazy.compactMap(\.albumTitle).first ?? root.lastComponent.display,
            date: date,
            year: year,
            tracks: ordered.map { $0.albumTrack(artist: albumArtist) },
            directories: Set(ordered.map { $0.file.path.parent }).sorted())
    }

    /// The album artist when no track names one: the artist all tracks share once featured
    /// credits are set aside, else "Various Artists".
    private static func inferredArtist(key: String, tracks: [PlacedTrack]) -> String {
        if tracks.contains(where: \.file.tags.isCompilation) { return variousArtists }
        let artists = tracks.compactMap(\.mainArtist)
        guard let first = artists.first else { return "Unknown Artist" }
        let distinct = Set(artists.map(TextKey.folded))
        return distinct.count == 1 ? first : variousArtists
    }
}
