/// Groups track files into albums and orders each album's tracks (docs/PRODUCT.md §3).
///
/// Identity, in order of preference: the MusicBrainz album id; else the album artist (or the
/// artist) with the album title, compared folded; a compilation without an album artist is
/// one album per folder; tracks with no album tag make an album of their folder. A folder
/// named like `CD1` belongs to its parent's album. When one artist-and-title group spans
/// folders that carry different years (Weezer's self-titled albums), each year is an album.
public enum AlbumGrouper {
    public static let variousArtists = "Various Artists"

    public static func albums(from files: [TrackFile]) -> [Album] {
        var groups: [String: [PlacedTrack]] = [:]
        for file in files {
            let placed = PlacedTrack(file)
            groups[placed.identityKey, default: []].append(placed)
        }
        var albums: [Album] = []
        for (key, tracks) in groups {
            if key.hasPrefix(titleKeyPrefix) {
                for (splitKey, part) in splitByYear(key: key, tracks: tracks) {
                    albums.append(makeAlbum(key: splitKey, tracks: part))
                }
            } else {
                albums.append(makeAlbum(key: key, tracks: tracks))
            }
        }
        return albums.sorted {
            ($0.tracks.first?.path ?? RawPath("")) < ($1.tracks.first?.path ?? RawPath(""))
        }
    }

    /// The key that decides which album a file belongs to before namesakes are split by year;
    /// the index stores it so that an album's tracks can be fetched without grouping them all.
    public static func identityKey(for file: TrackFile) -> String {
        PlacedTrack(file).identityKey
    }

    /// The folder an album lives in, given a track's folder: the folder itself, or its
    /// parent for a disc folder such as `CD2`.
    public static func albumFolder(of folder: RawPath) -> RawPath {
        TrackPlacement.discNumber(folderName: folder.lastComponent.display) == nil ? folder : folder.parent
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

    static let titleKeyPrefix = "album\u{1F}"

    /// Splits a group by the year each album folder carries, when the folders disagree. The
    /// earliest year keeps the plain key so an existing album's id does not move when a later
    /// namesake is added; undated folders join it.
    private static func splitByYear(key: String, tracks: [PlacedTrack]) -> [(String, [PlacedTrack])] {
        var yearOfRoot: [RawPath: Int] = [:]
        for track in tracks.sorted(by: { $0.file.path < $1.file.path })
        where yearOfRoot[track.albumRoot] == nil {
            if let year = track.year { yearOfRoot[track.albumRoot] = year }
        }
        let years = Set(yearOfRoot.values).sorted()
        guard years.count > 1, let earliest = years.first else { return [(key, tracks)] }
        var parts: [Int: [PlacedTrack]] = [:]
        for track in tracks {
            parts[yearOfRoot[track.albumRoot] ?? earliest, default: []].append(track)
        }
        return parts.map { year, part in (year == earliest ? key : key + "\u{1F}\(year)", part) }
    }

    private static func makeAlbum(key: String, tracks placed: [PlacedTrack]) -> Album {
        let ordered = placed.map { ($0, $0.albumTrack(artist: "")) }.sorted { playOrder($0.1, $1.1) }.map(\.0)
        let tags = ordered.map(\.file.tags)
        let root = ordered.first?.albumRoot ?? RawPath("/")
        let albumArtist = tags.lazy.compactMap(\.albumArtist).first ?? inferredArtist(key: key, tags: tags)
        let date = tags.lazy.compactMap(\.originalDate).first ?? tags.lazy.compactMap(\.date).first
        let year = TagNumber.year(in: date) ?? tags.lazy.compactMap { TagNumber.year(in: $0.copyright) }.first
        return Album(
            id: AlbumID(identityKey: key),
            albumArtist: albumArtist,
            albumArtistSort: tags.lazy.compactMap(\.albumArtistSort).first,
            title: tags.lazy.compactMap(\.album).first ?? root.lastComponent.display,
            date: date,
            year: year,
            tracks: ordered.map { $0.albumTrack(artist: albumArtist) },
            directories: Set(ordered.map { $0.file.path.parent }).sorted())
    }

    /// The album artist when no track names one: the shared artist, else "Various Artists".
    private static func inferredArtist(key: String, tags: [TrackTags]) -> String {
        if tags.contains(where: \.isCompilation) { return variousArtists }
        let artists = tags.compactMap(\.artist)
        guard let first = artists.first else { return "Unknown Artist" }
        let distinct = Set(artists.map(TextKey.folded))
        return distinct.count == 1 ? first : variousArtists
    }
}

/// A track file with its disc, track and album folder worked out.
private struct PlacedTrack {
    let file: TrackFile
    let albumRoot: RawPath
    let disc: Int
    let track: Int?
    let identityKey: String
    let year: Int?

    init(_ file: TrackFile) {
        self.file = file
        let tags = file.tags
        let folder = file.path.parent
        let folderDisc = TrackPlacement.discNumber(folderName: folder.lastComponent.display)
        albumRoot = AlbumGrouper.albumFolder(of: folder)
        let fromName = TrackPlacement.numbers(fileStem: file.path.stem.display)
        disc = tags.discNumber ?? folderDisc ?? fromName.disc ?? 1
        track = tags.trackNumber ?? fromName.track
        year = TagNumber.year(in: tags.originalDate ?? tags.date) ?? TagNumber.year(in: tags.copyright)
        identityKey = PlacedTrack.identityKey(tags: tags, albumRoot: albumRoot)
    }

    func albumTrack(artist albumArtist: String) -> AlbumTrack {
        AlbumTrack(
            path: file.path, disc: disc, track: track,
            title: file.tags.title ?? file.path.stem.display,
            artist: file.tags.artist ?? albumArtist,
            duration: file.tags.duration)
    }

    private static func identityKey(tags: TrackTags, albumRoot: RawPath) -> String {
        let separator = "\u{1F}"
        if let id = tags.musicBrainzAlbumID { return "mbid" + separator + TextKey.folded(id) }
        guard let album = tags.album else { return "folder" + separator + albumRoot.display }
        if let albumArtist = tags.albumArtist {
            return AlbumGrouper.titleKeyPrefix + TextKey.folded(albumArtist) + separator
                + TextKey.folded(album)
        }
        if tags.isCompilation {
            return "compilation" + separator + albumRoot.display + separator + TextKey.folded(album)
        }
        return AlbumGrouper.titleKeyPrefix + TextKey.folded(tags.artist ?? "") + separator
            + TextKey.folded(album)
    }
}
