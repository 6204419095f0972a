import CDWallyLibrary
import Foundation

/// Decides, from the seed alone, what every album of a benchmark library looks like: its
/// artist, title, format, folder layout, tracks and tags. Nothing here touches the disk.
///
/// The mix follows what real libraries hold: about 12 tracks an album (8 to 20), one album
/// in ten on several discs (half of those in `CD1`/`CD2`-style folders), one in twelve a
/// compilation, sort names, MusicBrainz ids on most albums, ReplayGain on half, reissues
/// with an original date and sometimes an edition suffix, and names in many scripts. On top
/// come the shapes the wallet must get right (`CollectionShapes`): guests without an album
/// artist, compilations with no tag to say so, disc folders named by words, by anything with
/// DISCNUMBER tags, or as CDDB rips with the disc in the album title, and sort tags on only
/// some of an artist's albums.
///
/// Albums are planned in order, and each draws from its own random stream, so the first
/// 1,000 albums of a 3,000-album library are the 1,000-album library. The planner remembers
/// the folders and album identities it handed out, so no two albums share a folder or merge
/// into one: the index must find exactly the albums planned.
///
/// A value owned by one caller.
struct LibraryPlanner {
    let seed: UInt64
    private var nextNumber = 0
    private var folderNames = FolderNames()
    private var usedIdentities: Set<String> = []

    init(seed: UInt64) {
        self.seed = seed
    }

    mutating func plan(albums count: Int) -> [AlbumPlan] {
        (0..<count).map { _ in nextAlbum() }
    }

    mutating func nextAlbum() -> AlbumPlan {
        let number = nextNumber
        nextNumber += 1
        var random = SeededRandom(seed: seed, stream: "album", number: number)
        var shapes = CollectionShapes(seed: seed, number: number)
        let format = random.weighted(AudioFormat.weights)
        let isCompilation = random.chance(0.08)
        // The pool of artists grows with the library, so artists have several albums each.
        let artist =
            isCompilation
            ? ArtistName.variousArtists : ArtistName(number: artistNumber(&random, number), seed: seed)
        let year = random.int(in: 1962...2024)
        let isReissue = random.chance(0.1)
        let originalYear = isReissue ? random.int(in: 1955...max(1955, year - 5)) : nil

        var baseTitle = albumTitle(&random, artist: artist, year: year)
        if isReissue && random.chance(0.5) { baseTitle += " " + random.pick(NameBank.editions) }
        var title = baseTitle
        var volume = 1
        while !usedIdentities.insert(artist.name.lowercased() + "\u{0}" + title.lowercased()).inserted {
            volume += 1
            title = "\(baseTitle) Vol. \(volume)"
        }

        let trackCount = 8 + Int(13 * pow(random.unit(), 1.7))
        let discCount = !isCompilation && random.chance(0.1) ? (random.chance(0.8) ? 2 : 3) : 1
        let layout: AlbumPlan.Layout = discCount > 1 && random.chance(0.5) ? .discFolders : .oneFolder
        let folder = folderNames.claim(albumFolder(&random, artist: artist, title: title, year: year))

        var albumTags: [String: [String]] = [
            "ALBUM": [title],
            "GENRE": [random.pick(NameBank.genres)],
            "DATE": [date(&random, year: year)],
        ]
        // Compilations carry "Various Artists" or, as some rippers leave them, only the flag.
        let tagsAlbumArtist = isCompilation ? random.chance(0.8) : random.chance(0.7)
        if tagsAlbumArtist {
            albumTags["ALBUMARTIST"] = [artist.name]
            if let sort = artist.sort, !shapes.dropsSortTag { albumTags["ALBUMARTISTSORT"] = [sort] }
        }
        if isCompilation && (tagsAlbumArtist || !shapes.rippedCompilation) {
            albumTags["COMPILATION"] = ["1"]
        }
        if let originalYear { albumTags["ORIGINALDATE"] = [date(&random, year: originalYear)] }
        let hasMusicBrainzIDs = random.chance(0.7)
        if hasMusicBrainzIDs {
            albumTags["MUSICBRAINZ_ALBUMID"] = [random.uuid()]
            albumTags["MUSICBRAINZ_RELEASEGROUPID"] = [random.uuid()]
            albumTags["MUSICBRAINZ_ALBUMARTISTID"] = [
                isCompilation ? "89ad4ac3-39f7-470e-963a-56509c546377" : random.uuid()
            ]
        }
        if random.chance(0.3) {
            albumTags["COPYRIGHT"] = ["℗ \(originalYear ?? year) \(random.pick(NameBank.labels))"]
        }
        let hasReplayGain = random.chance(0.5)
        if hasReplayGain {
            albumTags["REPLAYGAIN_ALBUM_GAIN"] = [gain(&random)]
            albumTags["REPLAYGAIN_ALBUM_PEAK"] = [peak(&random)]
        }
        let tagsDiscNumber =
            discCount > 1 ? (layout == .oneFolder || random.chance(0.75)) : random.chance(0.4)
        let discFolderStyle = random.pick(["CD", "CD ", "Disc ", "disc"])
        let discFolders = layout == .discFolders ? shapes.discFolders : .numbered

        var tracks: [TrackPlan] = []
        for (disc, count) in discSizes(tracks: trackCount, discs: discCount).enumerated().map({ ($0 + 1, $1) }
        ) {
            for track in 1...count {
                var trackArtist = trackArtist(
                    &random, album: artist, isCompilation: isCompilation,
                    featuring: tagsAlbumArtist, albumNumber: number)
                if !isCompilation && !tagsAlbumArtist && shapes.hasGuest() {
                    let guest = ArtistName(number: shapes.guestNumber(in: 0...(number / 3 + 8)), seed: seed)
                    trackArtist = ArtistName(name: "\(artist.name) feat. \(guest.name)", sort: artist.sort)
                }
                let trackTitle = self.trackTitle(&random)
                var tags = albumTags
                tags["TITLE"] = [trackTitle]
                tags["ARTIST"] = [trackArtist.name]
                if let sort = trackArtist.sort { tags["ARTISTSORT"] = [sort] }
                setNumber(&tags, key: "TRACK", value: track, total: count, format: format)
                if discFolders == .titleMarkers {
                    tags["ALBUM"] = ["\(title) (Disc \(disc))"]
                } else if tagsDiscNumber || discFolders == .anyNames {
                    setNumber(&tags, key: "DISC", value: disc, total: discCount, format: format)
                }
                if hasMusicBrainzIDs {
                    tags["MUSICBRAINZ_TRACKID"] = [random.uuid()]
                    tags["MUSICBRAINZ_ARTISTID"] = [random.uuid()]
                }
                if hasReplayGain {
                    tags["REPLAYGAIN_TRACK_GAIN"] = [gain(&random)]
                    tags["REPLAYGAIN_TRACK_PEAK"] = [peak(&random)]
                }
                let name = trackFileName(
                    disc: disc, track: track, title: trackTitle, artist: trackArtist.name,
                    discNumberInName: layout == .oneFolder && discCount > 1, isCompilation: isCompilation)
                let discFolder =
                    switch (layout, discFolders) {
                    case (.oneFolder, _): folder
                    case (_, .numbered): "\(folder)/\(discFolderStyle)\(disc)"
                    case (_, .words): "\(folder)/Disc \(CollectionShapes.numberWords[disc - 1])"
                    case (_, .anyNames): "\(folder)/\(CollectionShapes.sideNames[disc - 1])"
                    case (_, .titleMarkers): "\(folder) (Disc \(disc))"
                    }
                tracks.append(
                    TrackPlan(
                        path: "\(discFolder)/\(name).\(format.fileExtension)", title: trackTitle,
                        artist: trackArtist.name, disc: disc, properties: tags))
            }
        }
        return AlbumPlan(
            number: number, format: format, folder: folder, albumArtist: artist.name, title: title,
            layout: layout, discCount: discCount, isCompilation: isCompilation,
            embedsCover: random.chance(0.25),
            hasFolderCover: random.chance(0.4) && discFolders != .titleMarkers,
            id3v2Version: random.chance(0.4) ? .v3 : .v4, tracks: tracks)
    }

    private func artistNumber(_ random: inout SeededRandom, _ albumNumber: Int) -> Int {
        random.int(in: 0...(albumNumber / 3 + 8))
    }

    private func albumTitle(_ random: inout SeededRandom, artist: ArtistName, year: Int) -> String {
        let adjective = random.pick(NameBank.adjectives)
        let noun = random.pick(NameBank.nouns)
        switch random.weighted([
            (0, 0.42), (1, 0.12), (2, 0.1), (3, 0.08), (4, 0.05), (5, 0.05), (6, 0.04), (7, 0.02),
            (8, 0.12),
        ]) {
        case 0: return "\(adjective) \(noun)"
        case 1: return "\(noun) of the \(random.pick(NameBank.adjectives)) \(random.pick(NameBank.nouns))"
        case 2: return "\(random.pick(NameBank.verbs)) the \(noun)"
        case 3: return random.pick(NameBank.unicodeTitles)
        case 4: return artist == .variousArtists ? "\(adjective) Hits of \(year)" : artist.name
        case 5: return "Live at \(random.pick(NameBank.places))"
        case 6: return random.pick(["Greatest Hits", "Anthology", "B-Sides & Rarities", "Singles 1990–1999"])
        case 7: return "\(adjective)/\(random.pick(NameBank.adjectives))"
        default: return noun
        }
    }

    private func trackTitle(_ random: inout SeededRandom) -> String {
        let noun = random.pick(NameBank.nouns)
        switch random.weighted([(0, 0.35), (1, 0.2), (2, 0.2), (3, 0.06), (4, 0.05), (5, 0.04), (6, 0.1)]) {
        case 0: return "\(random.pick(NameBank.adjectives)) \(noun)"
        case 1: return "\(random.pick(NameBank.verbs)) the \(noun)"
        case 2: return noun
        case 3: return random.pick(NameBank.unicodeTitles)
        case 4: return "\(noun) (Live)"
        case 5: return "\(noun), Pt. \(random.int(in: 2...3))"
        default: return "Don't \(random.pick(NameBank.verbs)) My \(noun)"
        }
    }

    private func trackArtist(
        _ random: inout SeededRandom, album: ArtistName, isCompilation: Bool, featuring: Bool,
        albumNumber: Int
    ) -> ArtistName {
        if isCompilation { return ArtistName(number: artistNumber(&random, albumNumber), seed: seed) }
        // A guest only where an album artist tag holds the album together, as taggers do.
        if featuring && random.chance(0.05) {
            let guest = ArtistName(number: artistNumber(&random, albumNumber), seed: seed)
            return ArtistName(name: "\(album.name) feat. \(guest.name)", sort: album.sort)
        }
        return album
    }

    private func albumFolder(_ random: inout SeededRandom, artist: ArtistName, title: String, year: Int)
        -> String
    {
        let artistFolder = FileName.safe(artist.name)
        let titleFolder = FileName.safe(title)
        if artist == .variousArtists {
            return random.chance(0.5)
                ? "Various Artists/\(titleFolder) (\(year))" : "Compilations/\(titleFolder)"
        }
        switch random.weighted([(0, 0.75), (1, 0.15), (2, 0.1)]) {
        case 0: return "\(artistFolder)/\(titleFolder) (\(year))"
        case 1: return "\(artistFolder)/\(year) - \(titleFolder)"
        default: return FileName.safe("\(artist.name) - \(title)")
        }
    }

    private func trackFileName(
        disc: Int, track: Int, title: String, artist: String, discNumberInName: Bool, isCompilation: Bool
    ) -> String {
        let number = discNumberInName ? "\(disc)-\(FileName.number(track))" : FileName.number(track)
        if isCompilation { return FileName.safe("\(number) - \(artist) - \(title)") }
        return FileName.safe(discNumberInName ? "\(number) \(title)" : "\(number) - \(title)")
    }

    /// Track and disc numbers as each format's taggers write them: "3/12" in ID3v2 and MP4,
    /// "3" with a separate total in Vorbis comments.
    private func setNumber(
        _ tags: inout [String: [String]], key: String, value: Int, total: Int, format: AudioFormat
    ) {
        if format.separateTotals {
            tags["\(key)NUMBER"] = ["\(value)"]
            tags["\(key)TOTAL"] = ["\(total)"]
        } else {
            tags["\(key)NUMBER"] = ["\(value)/\(total)"]
        }
    }

    private func discSizes(tracks: Int, discs: Int) -> [Int] {
        (0..<discs).map { tracks / discs + ($0 < tracks % discs ? 1 : 0) }
    }

    private func date(_ random: inout SeededRandom, year: Int) -> String {
        guard random.chance(0.5) else { return "\(year)" }
        return "\(year)-\(FileName.number(random.int(in: 1...12)))-\(FileName.number(random.int(in: 1...28)))"
    }

    /// A ReplayGain value as foobar2000 and Picard write it: "-7.43 dB".
    private func gain(_ random: inout SeededRandom) -> String {
        let hundredths = random.int(in: -1200...300)
        let sign = hundredths < 0 ? "-" : "+"
        let magnitude = abs(hundredths)
        return "\(sign)\(magnitude / 100).\(FileName.number(magnitude % 100)) dB"
    }

    private func peak(_ random: inout SeededRandom) -> String {
        "0.\(random.int(in: 500_000...999_999))"
    }
}
