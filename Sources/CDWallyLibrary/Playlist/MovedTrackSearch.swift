import CDWallyCore

/// Finds, in the whole index, the track a playlist entry meant when its file is missing
/// (docs/PRODUCT.md §2): by the `#EXTINF` artist and title, tried both ways round (iTunes
/// writes "Title - Artist"), then by file name. A name alone proves nothing (every other album
/// has an `01 Intro`): a track found by name, or by an `#EXTINF` that gives only a title, counts
/// only when the entry's folder names (or its `#EXTINF`) agree with that track's album or artist.
struct MovedTrackSearch {
    let index: LibraryIndex

    enum Found {
        case track(IndexedTrack, EntryRoute)
        /// Why nothing was found, for `doctor`.
        case nothing(String)
    }

    func find(_ entry: PlaylistEntry) throws(LibraryError) -> Found {
        if let hint = entry.hint {
            var readings = [(artist: hint.artist, title: hint.title)]
            if let artist = hint.artist { readings.append((hint.title, artist)) }
            for reading in readings where !TextKey.loose(reading.title).isEmpty {
                let artist = reading.artist.map(TextKey.loose)
                let found = try index.find(titleKey: TextKey.loose(reading.title), artistKey: artist)
                let folders = folderWords(entry)
                if let match = found.first(where: { artist != nil || agrees(folders, $0.file.tags) }) {
                    return .track(match, .tags(match.file.path))
                }
            }
        }
        let stem = RawPath(entry.fileName).stem.display
        let name = TextKey.loose(TrackPlacement.name(fileStem: stem))
        let numbers = TrackPlacement.numbers(fileStem: stem)
        let named =
            name.isEmpty ? [] : try index.find(nameKey: name).filter { numbersAgree(numbers, $0.file) }
        var words = folderWords(entry)
        if let hint = entry.hint {
            words.formUnion([hint.title, hint.artist].compactMap { $0.map(TextKey.loose) })
            words.remove("")
        }
        if let match = named.first(where: { agrees(words, $0.file.tags) }) {
            return .track(match, .nameInFolder(match.file.path))
        }
        let what = if case .windowsPath = entry.location { "a Windows path" } else { "file not found" }
        if named.isEmpty { return .nothing("\(what); no indexed track matches its #EXTINF or file name") }
        let count = named.count == 1 ? "1 track has its name" : "\(named.count) tracks have its name"
        return .nothing(
            "\(what); \(count), but not in a folder named like its album or artist, nor by its #EXTINF")
    }

    /// "1-02 Song" is disc 1, track 2: a track with other numbers is another song of the name.
    private func numbersAgree(_ numbers: (disc: Int?, track: Int?), _ file: TrackFile) -> Bool {
        let placed = TrackPlacement.numbers(fileStem: file.path.stem.display)
        if let track = numbers.track, let other = file.tags.trackNumber ?? placed.track, track != other {
            return false
        }
        if let disc = numbers.disc, let other = file.tags.discNumber ?? placed.disc, disc != other {
            return false
        }
        return true
    }

    /// What may name the album or artist in the entry's path: its last three folder names, as
    /// the path reads once decoded (a `file://` URI's `Pink%20Floyd` is `Pink Floyd`).
    private func folderWords(_ entry: PlaylistEntry) -> Set<String> {
        var written = entry.text
        if case .file(let path) = entry.location { written = path.display }
        let parts = written.split(whereSeparator: { $0 == "/" || $0 == "\\" }).dropLast().suffix(3)
        return Set(parts.map { TextKey.loose(String($0)) }).subtracting([""])
    }

    private func agrees(_ words: Set<String>, _ tags: TrackTags) -> Bool {
        let album = tags.album.map { TrackPlacement.discMarker(inTitle: $0)?.title ?? $0 }
        let names = [album, tags.albumArtist, tags.artist, tags.artist.map(ArtistCredit.main)].compactMap {
            $0
        }
        return names.contains { words.contains(TextKey.loose($0)) }
    }
}
