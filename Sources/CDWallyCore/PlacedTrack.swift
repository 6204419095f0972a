/// A track file with its disc, track, album title and album folder worked out, and the key of
/// the album it belongs to before folders and copies are told apart (docs/PRODUCT.md §3).
struct PlacedTrack {
    let file: TrackFile
    /// The album's folder: the track's folder, or its parent for a disc folder such as `CD2`.
    let albumRoot: RawPath
    let disc: Int
    /// True when a tag or a marker in the album title says the disc, outside a disc folder:
    /// only such tracks join sibling folders into one album.
    let joinsSiblings: Bool
    let track: Int?
    /// The album tag without a trailing disc marker ("The Wall (Disc 1)" → "The Wall").
    let albumTitle: String?
    /// The artist with featured credits set aside.
    let mainArtist: String?
    var identityKey: String

    static let separator = "\u{1F}"
    static let titleKeyPrefix = "album" + separator

    init(_ file: TrackFile) {
        self.file = file
        let tags = file.tags
        let folder = file.path.parent
        let folderDisc = TrackPlacement.discNumber(folderName: folder.lastComponent.display)
        albumRoot = folderDisc == nil ? folder : folder.parent
        let marker = tags.album.flatMap(TrackPlacement.discMarker(inTitle:))
        albumTitle = marker?.title ?? tags.album
        let fromName = TrackPlacement.numbers(fileStem: file.path.stem.display)
        let explicitDisc = tags.discNumber ?? folderDisc ?? marker?.disc
        disc = explicitDisc ?? fromName.disc ?? 1
        joinsSiblings = folderDisc == nil && (tags.discNumber ?? marker?.disc) != nil
        track = tags.trackNumber ?? fromName.track
        mainArtist = tags.artist.map(ArtistCredit.main)
        identityKey = ""
        identityKey = key()
    }

    /// The compilation key of an album whose tracks share a folder and a title but not an
    /// artist, and have no tag that says so.
    static func compilationKey(albumRoot: RawPath, title: String) -> String {
        "compilation" + separator + albumRoot.display + separator + TextKey.folded(title)
    }

    /// True for a track that names its album only by title and artist: those in one folder
    /// with one title make one album whatever their artists.
    var isKeyedByArtist: Bool {
        identityKey.hasPrefix(PlacedTrack.titleKeyPrefix) && file.tags.albumArtist == nil
    }

    func albumTrack(artist albumArtist: String) -> AlbumTrack {
        AlbumTrack(
            path: file.path, disc: disc, track: track,
            title: file.tags.title ?? file.path.stem.display,
            artist: file.tags.artist ?? albumArtist,
            duration: file.tags.duration)
    }

    private func key() -> String {
        let tags = file.tags
        let separator = PlacedTrack.separator
        if let id = tags.musicBrainzAlbumID { return "mbid" + separator + TextKey.folded(id) }
        guard let album = albumTitle else { return "folder" + separator + albumRoot.display }
        if let albumArtist = tags.albumArtist {
            return PlacedTrack.titleKeyPrefix + TextKey.folded(albumArtist) + separator
                + TextKey.folded(album)
        }
        if tags.isCompilation { return PlacedTrack.compilationKey(albumRoot: albumRoot, title: album) }
        return PlacedTrack.titleKeyPrefix + TextKey.folded(mainArtist ?? "") + separator
            + TextKey.folded(album)
    }
}
