import CDWallyCore
import CDWallySystem

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
    /// The folders whose tracks the answers came from, and the folders listed to find sibling
    /// disc folders: what a remembered wallet must find unchanged (`WalletMemo`).
    private(set) var readFolders: Set<RawPath> = []
    private(set) var listedFolders: Set<RawPath> = []
    /// What the listings of this resolution saw of those folders, for the memo's stamps: a
    /// snapshot of each read folder, the stamp of each listed one.
    private(set) var snapshots: [RawPath: FolderSnapshot] = [:]
    private(set) var listedStamps: [RawPath: NodeStamp] = [:]
    /// The disc folders (`CD1`, `CD2`) listed in each album folder.
    private var discFolders: [RawPath: Set<RawPath>] = [:]
    private let canonical: CanonicalPath

    init(updater: IndexUpdater, treeIsFresh: Bool) {
        self.updater = updater
        self.treeIsFresh = treeIsFresh
        canonical = CanonicalPath(root: updater.index.root)
    }

    private enum Location {
        /// With the file's status when this lookup of its path gave it (not through a link).
        case file(RawPath, EntryRoute, FileStatus?)
        case directory(RawPath)
        /// The file is gone; its folder, when that is still there, and the deepest folders
        /// the search for it by case reached (`CaseInsensitivePath.Lookup`).
        case missing(folder: RawPath?, searched: [RawPath])
        case stream
        /// Not looked for, and why (docs/PRODUCT.md §8).
        case refused(String)
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
        let root = updater.index.root
        let bases = folder.isInside(root) ? [root] : [root, folder]
        let locations = entries.map { locate($0, relativeTo: folder, within: bases) }
        // A fresh tree still leaves out what a playlist kept outside the library names.
        try refreshFolders(for: locations, outsideOnly: treeIsFresh)

        let indexed = try updater.index.entries(
            at: locations.compactMap { if case .file(let path, _, _) = $0 { path } else { nil } })
        var picks: [Pick] = []
        for (entry, location) in zip(entries, locations) {
            picks.append(try pick(entry, at: location, indexed: indexed))
        }
        // An album's tracks are those of its key, and those of the entry's album folder with
        // its disc folders, where tracks of one title by several artists make one album (a
        // ripped compilation on CD1 and CD2 is one album whichever disc a line names).
        var keys: Set<String> = []
        var folders: Set<RawPath> = []
        for pick in picks {
            switch pick {
            case .track(let path, let key, _):
                keys.insert(key)
                let albumFolder = AlbumGrouper.albumFolder(of: path.parent)
                folders.insert(path.parent)
                folders.insert(albumFolder)
                folders.formUnion(discFolders[albumFolder] ?? [])
            case .directory(_, let found): keys.formUnion(found)
            case .stream, .unavailable: break
            }
        }
        let albums = AlbumGrouper.albums(
            from: try updater.index.tracks(albumKeys: keys, folders: folders), root: updater.index.root)
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
                return EntryOutcome(entry: entry, result: .albums([album]), route: route, track: track)
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
    /// A folder counts only within `bases` (see `folderLocation`).
    private func locate(_ entry: PlaylistEntry, relativeTo folder: RawPath, within bases: [RawPath])
        -> Location
    {
        let written: [RawPath]
        switch entry.location {
        case .stream: return .stream
        case .windowsPath: return .missing(folder: nil, searched: [])
        case .unusable(let reason): return .refused(reason)
        case .file(let path): written = [path] + entry.alternatives
        }
        let absolute = written.map { ($0.isAbsolute ? $0 : folder.appending($0)).lexicallyNormalized() }
        for (number, path) in absolute.enumerated() {
            let lookup = FileStatus.lookUp(path)
            // A folder on the way that this user may not enter: the file may well be there, so
            // it is neither missing nor to be looked for by name elsewhere.
            if number == 0, lookup.isDenied {
                return .refused("cannot be read: permission denied on a folder of \(path.parent.display)")
            }
            switch lookup.status?.kind {
            case .regular:
                let known = canonical.of(path, isLink: lookup.isLink)
                return known == path
                    ? .file(path, .path, lookup.isLink ? nil : lookup.status)
                    : .file(known, .sameFile(known), nil)
            case .directory: return folderLocation(path, within: bases)
            case .other, nil: continue
            // Never opened: a read of a named pipe waits for a writer, of /dev/zero forever.
            case let special?: return .refused("\(special.name), not an audio file")
            }
        }
        var searched: [RawPath] = []
        for path in absolute {
            let found: RawPath
            switch CaseInsensitivePath.lookUp(path) {
            case .found(let path): found = path
            case .missing(let folder):
                if let folder { searched.append(folder) }
                continue
            }
            switch FileStatus.of(found)?.kind {
            case .regular: return .file(canonical.of(found), .pathIgnoringCase(found), nil)
            case .directory: return folderLocation(found, within: bases)
            case .namedPipe, .socket, .characterDevice, .blockDevice, .other, nil: continue
            }
        }
        let folder = absolute.first?.parent
        return .missing(
            folder: folder.flatMap {
                FileStatus.of($0)?.kind == .directory && !PseudoFileSystem.holds($0) ? $0 : nil
            }, searched: searched)
    }

    /// A folder entry means the albums below it (docs/PRODUCT.md §8): it never reaches above
    /// the library root, nor, for a playlist kept outside the library, above the playlist's
    /// folder (`bases`), nor through a link to a folder that holds the library, and never
    /// into a pseudo file system. `/`, `..` or `file:///` would walk the whole disk.
    private func folderLocation(_ path: RawPath, within bases: [RawPath]) -> Location {
        let root = updater.index.root
        if PseudoFileSystem.holds(path) {
            return .refused("a pseudo file system (like /proc, /sys or /dev): it holds no music")
        }
        guard bases.contains(where: path.isInside) else {
            return .refused(
                bases.count == 1
                    ? "a folder outside the library \(root.display): a folder entry reaches only below it"
                    : "a folder outside the library and above the playlist's folder: "
                        + "a folder entry reaches only below one of them")
        }
        if canonical.holdsLibrary(path) {
            return .refused("a link to a folder that holds the library \(root.display)")
        }
        return .directory(canonical.of(path))
    }

    /// Refreshes the folders the located entries live in, with the sibling folders that can
    /// hold other discs of their albums, and every folder below a directory entry; with
    /// `outsideOnly`, only those outside the library root (the rest are known fresh).
    private mutating func refreshFolders(for locations: [Location], outsideOnly: Bool) throws(LibraryError) {
        var folders: Set<RawPath> = []
        var discParents: Set<RawPath> = []
        var known: [RawPath: FileStatus] = [:]
        for location in locations {
            switch location {
            case .file(let path, _, let status):
                known[path] = status
                let folder = path.parent
                folders.insert(folder)
                if TrackPlacement.discNumber(folderName: folder.lastComponent.display) != nil {
                    discParents.insert(folder.parent)
                }
            case .missing(let folder, let searched):
                if let folder { folders.insert(folder) }
                listedFolders.formUnion(searched)
            case .directory(let directory) where !outsideOnly || !directory.isInside(updater.index.root):
                var walker = TreeWalker()
                walker.walk(directory) { folders.insert($0.directory) }
                delta.problems += walker.problems
            case .directory, .stream, .refused: break
            }
        }
        listedFolders.formUnion(discParents)
        for parent in discParents {
            guard let listing = try? DirectoryListing.read(parent) else { continue }
            listedStamps[parent] = listing.stamp
            for sibling in listing.subdirectories
            where TrackPlacement.discNumber(folderName: sibling.path.lastComponent.display) != nil {
                folders.insert(sibling.path)
                discFolders[parent, default: []].insert(sibling.path)
            }
        }
        if outsideOnly { folders = folders.filter { !$0.isInside(updater.index.root) } }
        guard !folders.isEmpty else { return }
        refreshed(try updater.refresh(folders: Array(folders), known: known))
        let siblings = try siblingDiscFolders(of: folders).subtracting(folders)
        if !siblings.isEmpty { refreshed(try updater.refresh(folders: Array(siblings), known: [:])) }
        readFolders.formUnion(folders)
        readFolders.formUnion(siblings)
    }

    private mutating func refreshed(_ refresh: (delta: ScanDelta, snapshots: [RawPath: FolderSnapshot])) {
        delta.merge(refresh.delta)
        snapshots.merge(refresh.snapshots) { _, newer in newer }
    }

    /// The sibling folders of each folder whose tracks state their disc by tag or title
    /// ("Left" holding disc 1 beside "Right" holding disc 2, docs/PRODUCT.md §3). Directly
    /// under the library root, where every album is a sibling, only the siblings named like
    /// the folder once disc markers are set aside ("The Wall (Disc 1)", "The Wall (Disc 2)").
    private mutating func siblingDiscFolders(of folders: Set<RawPath>) throws(LibraryError) -> Set<RawPath> {
        var parents: [RawPath: Set<String>] = [:]
        for (folder, tracks) in try updater.index.tracks(inEachOf: folders) where folder != folder.parent {
            guard tracks.contains(where: AlbumGrouper.mayHaveSiblingDiscs) else { continue }
            parents[folder.parent, default: []].insert(Self.nameWithoutDisc(folder))
        }
        var siblings: Set<RawPath> = []
        listedFolders.formUnion(parents.keys)
        for (parent, names) in parents {
            guard let listing = try? DirectoryListing.read(parent) else { continue }
            listedStamps[parent] = listing.stamp
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

    /// `indexed`: what the index holds at each located file's path, read in one go.
    private mutating func pick(
        _ entry: PlaylistEntry, at location: Location, indexed: [RawPath: Result<String, IndexedProblem>]
    ) throws(LibraryError) -> Pick {
        switch location {
        case .stream:
            return .stream
        case .refused(let reason):
            return .unavailable(reason)
        case .file(let path, let route, _):
            switch indexed[path] {
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
        case .missing(let folder, _):
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
            // Every folder of the tree, with its files, is now what the answer depends on:
            // a file added or retagged anywhere may be the one this entry meant.
            let (scan, _, folders) = try updater.refreshAllWithSnapshots()
            delta.merge(scan)
            for (folder, snapshot) in folders {
                readFolders.insert(folder)
                snapshots[folder] = snapshot
            }
            treeIsFresh = true
        }
        switch try MovedTrackSearch(index: updater.index).find(entry) {
        case .track(let match, let route): return .track(match.file.path, key: match.albumKey, route: route)
        case .nothing(let reason): return .unavailable(reason)
        }
    }
}
