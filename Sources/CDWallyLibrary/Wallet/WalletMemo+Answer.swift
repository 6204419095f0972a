import CDWallyCore

/// The answer's layout: the encoding's name, a flag byte for `looksLikePlaylist`, the entry
/// counts with each unavailable entry (line, text, reason) and each entry found by another route
/// than its path (line, text, route), then the wallet's total, capacity and discs, each disc
/// with its fields, tracks and folders.
extension WalletMemo.Answer {
    func append(to bytes: inout MemoBytes.Writer) {
        bytes.string(encoding.rawValue)
        bytes.byte(looksLikePlaylist ? 1 : 0)
        for count in [
            entries.total, entries.resolved, entries.resolvedByTags, entries.merged, entries.streams,
        ] {
            bytes.integer(count)
        }
        bytes.integer(entries.unavailable.count)
        for entry in entries.unavailable {
            bytes.integer(entry.line)
            bytes.string(entry.entry)
            bytes.string(entry.reason)
        }
        bytes.integer(entries.rerouted.count)
        for entry in entries.rerouted {
            bytes.integer(entry.line)
            bytes.string(entry.entry)
            entry.route.append(to: &bytes)
        }
        bytes.integer(wallet.total)
        bytes.integer(wallet.capacity)
        bytes.integer(wallet.discs.count)
        for album in wallet.discs { album.append(to: &bytes) }
    }

    init?(from reader: inout MemoBytes.Reader) {
        guard let name = reader.string(), let encoding = M3UParser.Encoding(rawValue: name),
            let looks = reader.byte(), looks <= 1,
            let total = reader.integer(), let resolved = reader.integer(),
            let byTags = reader.integer(), let merged = reader.integer(), let streams = reader.integer(),
            let unavailableCount = reader.integer(), unavailableCount >= 0
        else { return nil }
        var entries = WalletReport.EntryCounts()
        (entries.total, entries.resolved, entries.resolvedByTags) = (total, resolved, byTags)
        (entries.merged, entries.streams) = (merged, streams)
        for _ in 0..<unavailableCount {
            guard let line = reader.integer(), let entry = reader.string(), let reason = reader.string()
            else { return nil }
            entries.unavailable.append(.init(line: line, entry: entry, reason: reason))
        }
        guard let reroutedCount = reader.integer(), reroutedCount >= 0 else { return nil }
        for _ in 0..<reroutedCount {
            guard let line = reader.integer(), let entry = reader.string(),
                let route = EntryRoute(from: &reader)
            else { return nil }
            entries.rerouted.append(.init(line: line, entry: entry, route: route))
        }
        guard let walletTotal = reader.integer(), let capacity = reader.integer(),
            let count = reader.integer(), count >= 0
        else { return nil }
        var discs: [Album] = []
        discs.reserveCapacity(min(count, 1 << 16))
        for _ in 0..<count {
            guard let album = Album(from: &reader) else { return nil }
            discs.append(album)
        }
        self.init(
            encoding: encoding, looksLikePlaylist: looks == 1, entries: entries,
            wallet: Wallet(discs: discs, total: walletTotal, capacity: capacity))
    }
}

extension EntryRoute {
    /// A kind byte, then the path the route found, if it names one.
    func append(to bytes: inout MemoBytes.Writer) {
        let (kind, path): (UInt8, RawPath?) =
            switch self {
            case .path: (0, nil)
            case .sameFile(let path): (1, path)
            case .pathIgnoringCase(let path): (2, path)
            case .folder(let path): (3, path)
            case .tags(let path): (4, path)
            case .nameInFolder(let path): (5, path)
            }
        bytes.byte(kind)
        if let path { bytes.path(path) }
    }

    init?(from reader: inout MemoBytes.Reader) {
        guard let kind = reader.byte() else { return nil }
        if kind == 0 {
            self = .path
            return
        }
        guard let path = reader.path() else { return nil }
        switch kind {
        case 1: self = .sameFile(path)
        case 2: self = .pathIgnoringCase(path)
        case 3: self = .folder(path)
        case 4: self = .tags(path)
        case 5: self = .nameInFolder(path)
        default: return nil
        }
    }
}

extension Album {
    func append(to bytes: inout MemoBytes.Writer) {
        bytes.string(id.rawValue)
        bytes.string(identityKey)
        bytes.string(albumArtist)
        bytes.string(albumArtistSort)
        bytes.string(title)
        bytes.string(date)
        bytes.integer(year)
        bytes.integer(tracks.count)
        for track in tracks {
            bytes.path(track.path)
            bytes.integer(track.disc)
            bytes.integer(track.track)
            bytes.string(track.title)
            bytes.string(track.artist)
            bytes.double(track.duration)
        }
        bytes.integer(directories.count)
        for directory in directories { bytes.path(directory) }
    }

    init?(from reader: inout MemoBytes.Reader) {
        guard let id = reader.string(), let identityKey = reader.string(), let albumArtist = reader.string(),
            let albumArtistSort = reader.optionalString(), let title = reader.string(),
            let date = reader.optionalString(), let year = reader.optionalInteger(),
            let trackCount = reader.integer(), trackCount >= 0
        else { return nil }
        var tracks: [AlbumTrack] = []
        tracks.reserveCapacity(min(trackCount, 1 << 12))
        for _ in 0..<trackCount {
            guard let path = reader.path(), let disc = reader.integer(),
                let number = reader.optionalInteger(),
                let title = reader.string(), let artist = reader.string(), let duration = reader.double()
            else { return nil }
            tracks.append(
                AlbumTrack(
                    path: path, disc: disc, track: number, title: title, artist: artist, duration: duration))
        }
        guard let directoryCount = reader.integer(), directoryCount >= 0 else { return nil }
        var directories: [RawPath] = []
        for _ in 0..<directoryCount {
            guard let directory = reader.path() else { return nil }
            directories.append(directory)
        }
        self.init(
            id: AlbumID(rawValue: id), identityKey: identityKey, albumArtist: albumArtist,
            albumArtistSort: albumArtistSort, title: title, date: date, year: year, tracks: tracks,
            directories: directories)
    }
}
