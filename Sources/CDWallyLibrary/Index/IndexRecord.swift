import CDWallyCore
import CDWallySystem
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

    /// The columns of a track row, in the order every track query selects them
    /// (`columns`). Rows are read by position: GRDB's look-up by name folds the case of each
    /// column name it passes, which cost a playlist of 12,000 lines a tenth of its time.
    private enum Column: Int, CaseIterable {
        case path, folder, size, modified, device, inode, problem, title, artist, album, albumArtist
        case albumArtistSort, trackNumber, discNumber, date, originalDate, musicBrainzAlbumID, compilation
        case copyright, replayGainAlbum, replayGainTrack, duration, albumKey, titleKey, artistKey, nameKey
    }

    static let columns = Column.allCases.map { "\($0)" }.joined(separator: ", ")

    static let upsertSQL =
        "INSERT OR REPLACE INTO track (\(columns)) VALUES "
        + "(\(Array(repeating: "?", count: Column.allCases.count).joined(separator: ",")))"

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

    /// The track file of a readable row of `columns`.
    static func trackFile(_ row: Row) -> TrackFile {
        func value<Value: DatabaseValueConvertible>(_ column: Column) -> Value? { row[column.rawValue] }
        return TrackFile(
            path: RawPath(databaseBytes: row[Column.path.rawValue]),
            tags: TrackTags(
                title: value(.title), artist: value(.artist), album: value(.album),
                albumArtist: value(.albumArtist), albumArtistSort: value(.albumArtistSort),
                trackNumber: value(.trackNumber), discNumber: value(.discNumber), date: value(.date),
                originalDate: value(.originalDate), musicBrainzAlbumID: value(.musicBrainzAlbumID),
                isCompilation: row[Column.compilation.rawValue], copyright: value(.copyright),
                replayGainAlbumGain: value(.replayGainAlbum), replayGainTrackGain: value(.replayGainTrack),
                duration: row[Column.duration.rawValue]))
    }

    /// The file identity of a row of `columns`.
    static func recordFileID(_ row: Row) -> FileID {
        FileID(
            device: UInt64(bitPattern: row[Column.device.rawValue]),
            inode: UInt64(bitPattern: row[Column.inode.rawValue]))
    }

    /// The file identity of a row with `device` and `inode` columns in any order.
    static func fileID(_ row: Row) -> FileID {
        FileID(device: UInt64(bitPattern: row["device"]), inode: UInt64(bitPattern: row["inode"]))
    }
}
