import CDWallyCore

/// The found albums' layout: their count, then a record (`MemoBytes.Writer.data`) for each:
/// the album as the answer writes a disc, the count of its tracks that lines named and their
/// positions in its tracks. Records, so that a reader takes one album at a time from the file
/// (`MemoBytes.Records`).
/// An album may stand twice (found again by a later line of an edited playlist): a path's
/// last album counts, and both are the same.
extension WalletMemo.Found {
    /// The albums of `outcomes` whose lines named their file by its path as written, relative
    /// to `folder`, the playlist's.
    init(outcomes: [EntryOutcome], playlistFolder folder: RawPath) {
        // An album's tracks each belong to it alone, so its first track names it.
        var indexOfAlbum: [RawPath: Int] = [:]
        for outcome in outcomes {
            guard outcome.route == .path, let track = outcome.track, outcome.albums.count == 1,
                let first = outcome.albums[0].tracks.first?.path,
                Self.path(of: outcome.entry, in: folder) == track
            else { continue }
            let index = indexOfAlbum[first] ?? add(album: outcome.albums[0])
            indexOfAlbum[first] = index
            add(file: track, of: index)
        }
    }

    /// The file that an entry names by its path as written, when a line named it before: its
    /// album is the one a resolution would find while the memo's stamps hold.
    func namedFile(_ entry: PlaylistEntry, in folder: RawPath) -> NamedFile? {
        Self.path(of: entry, in: folder).flatMap { named[$0] }
    }

    /// Adds an album, and gives its index.
    private mutating func add(album: Album) -> Int {
        picks.append([album])
        return picks.count - 1
    }

    /// Adds a named file of the album at `index`; a file named again keeps its number.
    private mutating func add(file: RawPath, of index: Int) {
        named[file] = NamedFile(album: index, number: named[file]?.number ?? named.count)
    }

    /// The file an entry names as written, the first path a resolution tries.
    private static func path(of entry: PlaylistEntry, in folder: RawPath) -> RawPath? {
        guard case .file(let path) = entry.location else { return nil }
        return (path.isAbsolute ? path : folder.appending(path)).lexicallyNormalized()
    }

    /// Reads `count` albums from `records`, each an album's record as `Part(found:)` writes it.
    init?(count: Int, from records: inout MemoBytes.Records) {
        guard count >= 0 else { return nil }
        picks.reserveCapacity(min(count, 1 << 16))
        for index in 0..<count {
            guard var reader = records.next(), let album = Album(from: &reader),
                let namedCount = reader.integer(),
                namedCount >= 0
            else { return nil }
            for _ in 0..<namedCount {
                guard let position = reader.integer(), album.tracks.indices.contains(position) else {
                    return nil
                }
                add(file: album.tracks[position].path, of: index)
            }
            guard reader.isAtEnd else { return nil }
            _ = add(album: album)
        }
    }
}

extension WalletMemo.Part {
    /// The found albums as the memo writes them, without their count.
    init(found: WalletMemo.Found) {
        var bytes = MemoBytes.Writer(magic: [])
        for (index, pick) in found.picks.enumerated() {
            let album = pick[0]
            var record = MemoBytes.Writer(magic: [])
            album.append(to: &record)
            let positions = album.tracks.indices.filter { found.named[album.tracks[$0].path]?.album == index }
            record.integer(positions.count)
            for position in positions { record.integer(position) }
            bytes.data(record.bytes)
        }
        self.init(count: found.picks.count, pieces: bytes.parts)
    }
}
