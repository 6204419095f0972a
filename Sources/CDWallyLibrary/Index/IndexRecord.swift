import CDWallyCore
import GRDB

/// One file as the index keeps it: where it is, the stamp that says whether it changed, and
/// either its tags or why TagLib could not read it.
struct IndexRecord: Sendable {
    let path: RawPath
    let status: FileStatus
    let content: Content
    /// The keys derived from a readable file's tags, worked out when the record is made:
    /// records are made on the threads that read the tags, and folding text is costly
    /// enough that the one thread writing the index would otherwise hold the scan back.
    private let keys: DerivedKeys?

    enum Content: Sendable {
        case tags(TrackTags)
        case unreadable(String)
    }

    private struct DerivedKeys: Sendable {
        var album: String
        var title: String?
        var artist: String?
        var name: String
    }

    init(path: RawPath, status: FileStatus, content: Content) {
        self.path = path
        self.status = status
        self.content = content
        if case .tags(let tags) = content {
            keys = DerivedKeys(
                album: AlbumGrouper.identityKey(for: TrackFile(path: path, tags: tags)),
                title: tags.title.map(TextKey.loose), artist: tags.artist.map(TextKey.loose),
                name: TextKey.loose(TrackPlacement.name(fileStem: path.stem.display)))
        } else {
            keys = nil
        }
    }

    static let columns = """
        path, folder, size, modified, device, inode, problem, title, artist, album, albumArtist,
        albumArtistSort, trackNumber, discNumber, date, originalDate, musicBrainzAlbumID, compilation,
        copyright, replayGainAlbum, replayGainTrack, duration, albumKey, titleKey, artistKey, nameKey
        """

    static let upsertSQL =
        "INSERT OR REPLACE INTO track (\(columns)) VALUES (\(Array(repeating: "?", count: 26).joined(separator: ",")))"

    var arguments: StatementArguments {
        var values: [(any DatabaseValueConvertible)?] = [
            path.databaseValue, path.parent.databaseValue, status.size, status.modified,
            Int64(bitPattern: status.device), Int64(bitPattern: status.inode),
        ]
        switch content {
        case .unreadable(let problem):
            values +=
                [problem] + Array(repeating: nil, count: 10) + [
                    false, nil, nil, nil, 0.0, nil, nil, nil, nil,
                ]
        case .tags(let tags):
            values += [
                nil, tags.title, tags.artist, tags.album, tags.albumArtist, tags.albumArtistSort,
                tags.trackNumber, tags.discNumber, tags.date, tags.originalDate, tags.musicBrainzAlbumID,
                tags.isCompilation, tags.copyright, tags.replayGainAlbumGain, tags.replayGainTrackGain,
                tags.duration, keys?.album, keys?.title, keys?.artist, keys?.name,
            ]
        }
        return StatementArguments(values)
    }

    /// The track file of a readable row, read from the columns `columns` names.
    static func trackFile(_ row: Row) -> TrackFile {
        TrackFile(
            path: RawPath(databaseBytes: row["path"]),
            tags: TrackTags(
                title: row["title"], artist: row["artist"], album: row["album"],
                albumArtist: row["albumArtist"],
                albumArtistSort: row["albumArtistSort"], trackNumber: row["trackNumber"],
                discNumber: row["discNumber"], date: row["date"], originalDate: row["originalDate"],
                musicBrainzAlbumID: row["musicBrainzAlbumID"], isCompilation: row["compilation"],
                copyright: row["copyright"], replayGainAlbumGain: row["replayGainAlbum"],
                replayGainTrackGain: row["replayGainTrack"], duration: row["duration"]))
    }

    static func fileID(_ row: Row) -> FileID {
        FileID(device: UInt64(bitPattern: row["device"]), inode: UInt64(bitPattern: row["inode"]))
    }
}
