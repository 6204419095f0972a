import CDWallyCore

/// Turns playlist entries into albums (docs/PRODUCT.md §2).
///
/// It first looks at the disc: the folders the entries live in (and their sibling `CD1`,
/// `CD2` folders) are refreshed in the index and answered from, so a big library is not
/// read for a small wallet. Only an entry whose file is missing makes it index the whole
/// tree, to find the track by its `#EXTINF` artist and title, then by its file name. Each
/// entry stands alone: a bad one is reported and the others go on.
struct EntryResolver {
    let updater: IndexUpdater
    /// Set once the whole tree has been refreshed in this run, so it is done at most once.
    private(set) var treeIsFresh: Bool
    private(set) var delta = ScanDelta()

    init(updater: IndexUpdater, treeIsFresh: Bool) {
        self.updater = updater
        self.treeIsFresh = treeIsFresh
    }

    private enum Location {
        case file(RawPath)
        case directory(RawPath)
        case missing
        case stream
    }

    private enum Pick {
        case key(String, track: RawPath, byTags: Bool)
        case directory(RawPath, keys: [String])
        case stream
        case unavailable(String)
    }

    mutating func resolve(_ entries: [PlaylistEntry], playlist: RawPath) throws(LibraryError)
        -> [EntryOutcome]
    {
        let folder = playlist.parent
        let locations = entries.map { locate($0, relativeTo: folder) }
        if !treeIsFresh { try refreshFolders(for: locations) }

        var picks: [Pick] = []
        for (entry, location) in zip(entries, locations) {
            picks.append(try pick(entry, at: location))
        }
        let keys = picks.reduce(into: Set<String>()) { keys, pick in
            switch pick {
            case .key(let key, _, _): keys.insert(key)
            case .directory(_, let found): keys.formUnion(found)
            case .stream, .unavailable: break
            }
        }
        let albums = AlbumGrouper.albums(from: try updater.index.tracks(albumKeys: keys))
        var albumOfTrack: [RawPath: Album] = [:]
        for album in albums { for track in album.tracks { albumOfTrack[track.path] = album } }

        return zip(entries, picks).map { entry, pick in
            switch pick {
            case .stream:
                return EntryOutcome(entry: entry, result: .stream, resolvedByTags: false)
            case .unavailable(let reason):
                return EntryOutcome(entry: entry, result: .unavailable(reason), resolvedByTags: false)
            case .key(_, let track, let byTags):
                guard let album = albumOfTrack[track] else {
                    return EntryOutcome(
                        entry: entry, result: .unavailable("not part of any album"), resolvedByTags: false)
                }
                return EntryOutcome(entry: entry, result: .albums([album]), resolvedByTags: byTags)
            case .directory(let directory, _):
                let inside = albums.filter { $0.tracks.contains { $0.path.isInside(directory) } }
                return EntryOutcome(
                    entry: entry,
                    result: inside.isEmpty
                        ? .unavailable("no playable audio in this folder") : .albums(inside),
                    resolvedByTags: false)
            }
        }
    }

    /// Where an entry points on disk: the path as written (relative to the playlist's folder),
    /// then its other spellings (backslashes, undecoded bytes).
    private func locate(_ entry: PlaylistEntry, relativeTo folder: RawPath) -> Location {
        let written: [RawPath]
        switch entry.location {
        case .stream: return .stream
        case .windowsPath: return .missing
        case .file(let path): written = [path] + entry.alternatives
        }
        for path in written {
            let absolute = (path.isAbsolute ? path : folder.appending(path)).lexicallyNormalized()
            switch FileStatus.of(absolute)?.kind {
            case .regular: return .file(absolute)
            case .directory: return .directory(absolute)
            case .other, nil: continue
            }
        }
        return .missing
    }

    /// Refreshes the folders the located entries live in, with their sibling disc folders,
    /// and every folder below a directory entry.
    private mutating func refreshFolders(for locations: [Location]) throws(LibraryError) {
        var folders: Set<RawPath> = []
        var discParents: Set<RawPath> = []
        for location in locations {
            switch location {
            case .file(let path):
                let folder = path.parent
                folders.insert(folder)
                if TrackPlacement.discNumber(folderName: folder.lastComponent.display) != nil {
                    discParents.insert(folder.parent)
                }
            case .directory(let directory):
                var walker = TreeWalker()
                walker.walk(directory) { folders.insert($0.directory) }
                delta.problems += walker.problems
            case .missing, .stream: break
            }
        }
        for parent in discParents {
            guard let listing = try? DirectoryListing.read(parent) else { continue }
            for sibling in listing.subdirectories
            where TrackPlacement.discNumber(folderName: sibling.path.lastComponent.display) != nil {
                folders.insert(sibling.path)
            }
        }
        delta.merge(try updater.refresh(folders: Array(folders)))
    }

    private mutating func pick(_ entry: PlaylistEntry, at location: Location) throws(LibraryError) -> Pick {
        switch location {
        case .stream:
            return .stream
        case .file(let path):
            switch try updater.index.entry(at: path) {
            case .success(let key): return .key(key, track: path, byTags: false)
            case .failure(let problem): return .unavailable("unreadable: \(problem.reason)")
            case nil:
                return .unavailable(
                    AudioFileTypes.isAudio(path) ? "not indexed" : "not an audio file cdwally plays")
            }
        case .directory(let directory):
            let keys = try updater.index.albumKeys(inside: directory)
            return keys.isEmpty
                ? .unavailable("no playable audio in this folder") : .directory(directory, keys: keys)
        case .missing:
            return try findMoved(entry)
        }
    }

    /// Finds a missing file in the whole index: by the `#EXTINF` artist and title, then by
    /// its file name, both compared case-, accent- and punctuation-insensitively.
    private mutating func findMoved(_ entry: PlaylistEntry) throws(LibraryError) -> Pick {
        if !treeIsFresh {
            let (scan, _) = try updater.refreshAll()
            delta.merge(scan)
            treeIsFresh = true
        }
        let index = updater.index
        if let hint = entry.hint, !TextKey.loose(hint.title).isEmpty {
            let title = TextKey.loose(hint.title)
            let artist = hint.artist.map(TextKey.loose)
            if let match = try index.find(titleKey: title, artistKey: artist).first {
                return .key(match.albumKey, track: match.path, byTags: true)
            }
        }
        let name = TextKey.loose(RawPath(entry.fileName).stem.display)
        if !name.isEmpty, let match = try index.find(nameKey: name).first {
            return .key(match.albumKey, track: match.path, byTags: true)
        }
        let what = if case .windowsPath = entry.location { "a Windows path" } else { "file not found" }
        return .unavailable("\(what); no indexed track matches its #EXTINF or file name")
    }
}
