import CDWallyCore

/// Turns playlist entries into albums (docs/PRODUCT.md §2).
///
/// It first looks at the disc: the folders the entries live in are refreshed in the index and
/// answered from, with every sibling folder that can hold another disc of their albums (`CD2`
/// beside `CD1`, and any sibling of a folder whose tracks state their disc), so a big library
/// is not read for a small wallet, and an album is whole from the first command on. Only an
/// entry whose file is missing, and whose folder no longer holds its album, makes it index
/// the whole tree. Each entry stands alone: a bad one is reported and the others go on.
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
        case file(RawPath, EntryRoute)
        case directory(RawPath)
        /// The file is gone; its folder, when that is still there.
        case missing(folder: RawPath?)
        case stream
    }

    private enum Pick {
        case track(RawPath, key: String, route: EntryRoute)
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
        // An album's tracks are those of its key, and those of the entry's own folder, where
        // tracks of one title by several artists make one album.
        var keys: Set<String> = []
        var folders: Set<RawPath> = []
        for pick in picks {
            switch pick {
            case .track(let path, let key, _):
                keys.insert(key)
                folders.insert(path.parent)
                folders.insert(AlbumGrouper.albumFolder(of: path.parent))
            case .directory(_, let found): keys.formUnion(found)
            case .stream, .unavailable: break
            }
        }
        let albums = AlbumGrouper.albums(from: try updater.index.tracks(albumKeys: keys, folders: folders))
        var albumOfTrack: [RawPath: Album] = [:]
        for album in albums { for track in album.tracks { albumOfTrack[track.path] = album } }

        return zip(entries, picks).map { entry, pick in
            switch pick {
            case .stream:
                return EntryOutcome(entry: entry, result: .stream)
            case .unavailable(let reason):
                return EntryOutcome(entry: entry, result: .unavailable(reason))
            case .track(let track, _, let route):
                guard let album = albumOfTrack[track] else {
                    return EntryOutcome(entry: entry, result: .unavailable("not part of any album"))
                }
                return EntryOutcome(entry: entry, result: .albums([album]), route: route)
            case .directory(let directory, _):
                let inside = albums.filter { $0.tracks.contains { $0.path.isInside(directory) } }
                if inside.isEmpty {
                    return EntryOutcome(
                        entry: entry, result: .unavailable("no playable audio in this folder"))
                }
                return EntryOutcome(entry: entry, result: .albums(inside), route: .path)
            }
        }
    }

    /// Where an entry points on disk: the path as written (relative to the playlist's folder),
    /// then its other spellings (backslashes, undecoded bytes), then the same ignoring case.
    private func locate(_ entry: PlaylistEntry, relativeTo folder: RawPath) -> Location {
        let written: [RawPath]
        switch entry.location {
        case .stream: return .stream
        case .windowsPath: return .missing(folder: nil)
        case .file(let path): written = [path] + entry.alternatives
        }
        let absolute = written.map { ($0.isAbsolute ? $0 : folder.appending($0)).lexicallyNormalized() }
        let root = updater.index.root
        for path in absolute {
            switch FileStatus.of(path)?.kind {
            case .regular:
                let canonical = CanonicalPath.of(path, root: root)
                return .file(canonical, canonical == path ? .path : .sameFile(canonical))
            case .directory: return .directory(CanonicalPath.of(path, root: root))
            case .other, nil: continue
            }
        }
        for path in absolute {
            guard let found = CaseInsensitivePath.find(path) else { continue }
            switch FileStatus.of(found)?.kind {
            case .regular: return .file(CanonicalPath.of(found, root: root), .pathIgnoringCase(found))
            case .directory: return .directory(CanonicalPath.of(found, root: root))
            case .other, nil: continue
            }
        }
        let folder = absolute.first?.parent
        return .missing(folder: folder.flatMap { FileStatus.of($0)?.kind == .directory ? $0 : nil })
    }

    /// Refreshes the folders the located entries live in, with the sibling folders that can
    /// hold other discs of their albums, and every folder below a directory entry.
    private mutating func refreshFolders(for locations: [Location]) throws(LibraryError) {
        var folders: Set<RawPath> = []
        var discParents: Set<RawPath> = []
        for location in locations {
            switch location {
            case .file(let path, _):
                let folder = path.parent
                folders.insert(folder)
                if TrackPlacement.discNumber(folderName: folder.lastComponent.display) != nil {
                    discParents.insert(folder.parent)
                }
            case .missing(let folder?):
                folders.insert(folder)
            case .directory(let directory):
                var walker = TreeWalker()
                walker.walk(directory) { folders.insert($0.directory) }
                delta.problems += walker.problems
            case .missing(nil), .stream: break
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
        let siblings = try siblingDiscFolders(of: folders).subtracting(folders)
        if !siblings.isEmpty { delta.merge(try updater.refresh(folders: Array(siblings))) }
    }

    /// The sibling folders of each folder whose tracks state their disc by tag or title
    /// ("Left" holding disc 1 beside "Right" holding disc 2, docs/PRODUCT.md §3). Directly
    /// under the library root, where every album is a sibling, only the siblings named like
    /// the folder once disc markers are set aside ("The Wall (Disc 1)", "The Wall (Disc 2)").
    private func siblingDiscFolders(of folders: Set<RawPath>) throws(LibraryError) -> Set<RawPath> {
        var parents: [RawPath: Set<String>] = [:]
        for folder in folders where folder != folder.parent {
            let tracks = try updater.index.tracks(albumKeys: [], folders: [folder])
            guard tracks.contains(where: AlbumGrouper.mayHaveSiblingDiscs) else { continue }
            parents[folder.parent, default: []].insert(Self.nameWithoutDisc(folder))
        }
        var siblings: Set<RawPath> = []
        for (parent, names) in parents {
            guard let listing = try? DirectoryListing.read(parent) else { continue }
            let isRoot = parent == updater.index.root
            for sibling in listing.subdirectories
            where !isRoot || names.contains(Self.nameWithoutDisc(sibling.path)) {
                siblings.insert(sibling.path)
            }
        }
        return siblings
    }

    private static func nameWithoutDisc(_ folder: RawPath) -> String {
        let name = folder.lastComponent.display
        return TextKey.loose(TrackPlacement.discMarker(inTitle: name)?.title ?? name)
    }

    private mutating func pick(_ entry: PlaylistEntry, at location: Location) throws(LibraryError) -> Pick {
        switch location {
        case .stream:
            return .stream
        case .file(let path, let route):
            switch try updater.index.entry(at: path) {
            case .success(let key): return .track(path, key: key, route: route)
            case .failure(let problem): return .unavailable("unreadable: \(problem.reason)")
            case nil:
                // Reached by another path than the one indexed (a symbolic link): the same file.
                if let status = FileStatus.of(path),
                    let indexed = try updater.index.indexedPath(of: status.fileID),
                    case .success(let key) = try updater.index.entry(at: indexed)
                {
                    return .track(indexed, key: key, route: route == .path ? .sameFile(indexed) : route)
                }
                return .unavailable(
                    AudioFileTypes.isAudio(path) ? "not indexed" : "not an audio file cdwally plays")
            }
        case .directory(let directory):
            let keys = try updater.index.albumKeys(inside: directory)
            return keys.isEmpty
                ? .unavailable("no playable audio in this folder") : .directory(directory, keys: keys)
        case .missing(let folder):
            if let folder, let pick = try byFolder(entry, folder: folder) { return pick }
            return try findMoved(entry)
        }
    }

    /// The album the entry's folder still holds: the one whose tracks agree with its
    /// `#EXTINF` or file name when the folder holds several, else the first in path order.
    private func byFolder(_ entry: PlaylistEntry, folder: RawPath) throws(LibraryError) -> Pick? {
        let tracks = try updater.index.tracks(albumKeys: [], folders: [folder])
        let wanted = Set(
            [entry.hint?.title, entry.hint?.artist, RawPath(entry.fileName).stem.display]
                .compactMap { $0.map { TextKey.loose(TrackPlacement.name(fileStem: $0)) } })
        let chosen =
            tracks.first { track in
                [track.tags.title, track.tags.artist].compactMap { $0 }.contains {
                    wanted.contains(TextKey.loose($0))
                }
            } ?? tracks.first
        guard let chosen else { return nil }
        return .track(chosen.path, key: AlbumGrouper.identityKey(for: chosen), route: .folder(folder))
    }

    /// Finds a missing file in the whole index (see `MovedTrackSearch`).
    private mutating func findMoved(_ entry: PlaylistEntry) throws(LibraryError) -> Pick {
        if !treeIsFresh {
            let (scan, _) = try updater.refreshAll()
            delta.merge(scan)
            treeIsFresh = true
        }
        switch try MovedTrackSearch(index: updater.index).find(entry) {
        case .track(let match, let route): return .track(match.file.path, key: match.albumKey, route: route)
        case .nothing(let reason): return .unavailable(reason)
        }
    }
}
