/// Reshapes planned albums into a library as years of ripping, buying and tagging by hand leave
/// one, rather than the planner's tidy `Artist/Album (Year)`: folders five to seven levels
/// deep (`Music/Genre/[Letter/]Artist/Year - Album (Edition)/CD1/track`), classical albums
/// with the long credits, work titles and file names that push names to 150–240 bytes and
/// paths past 300, high-resolution covers of 0.5–2 MB embedded in every track of one album in
/// eight, loose singles and pictures beside the album folders, `Various Artists` folders,
/// extensions in upper and mixed case, and rip logs, cue sheets, notes and scan folders.
///
/// Tags keep their meaning: an album keeps its tracks, discs and identity (made unique again
/// where a classical credit would merge two), so the index must still find exactly the
/// albums planned, loose singles included. Draws come from a stream of their own per album,
/// so the same seed gives the same library.
///
/// A value owned by one caller.
struct RealWorldShape {
    let seed: UInt64
    private var folderNames = FolderNames()
    private var usedIdentities: Set<String> = []

    /// Sizes of the embedded high-resolution covers: real scans run from half a megabyte to two.
    static let largeCoverSizes = [520_000, 980_000, 1_450_000, 2_050_000]
    /// Longest file or folder name written, in bytes, under the 255 most file systems allow.
    static let longestName = 240

    init(seed: UInt64) {
        self.seed = seed
    }

    /// Every album reshaped, with a loose single after some of them.
    mutating func reshape(_ albums: [AlbumPlan]) -> [AlbumPlan] {
        var shaped: [AlbumPlan] = []
        for planned in albums {
            var random = SeededRandom(seed: seed, stream: "real-world", number: planned.number)
            let album = reshape(planned, random: &random)
            shaped.append(album)
            if !album.isCompilation && random.chance(0.06) {
                shaped.append(looseSingle(beside: album, random: &random))
            }
        }
        return shaped
    }

    private mutating func reshape(_ original: AlbumPlan, random: inout SeededRandom) -> AlbumPlan {
        var album = original
        let genre = original.tracks.first?.properties["GENRE"]?.first ?? "Unsorted"
        let year = String((original.tracks.first?.properties["DATE"]?.first ?? "0000").prefix(4))
        let classical = !original.isCompilation && random.chance(0.15)
        if classical { makeClassical(&album, random: &random) }
        let edition = random.chance(0.35) ? " " + random.pick(Self.editions) : ""
        // Room left for a ` (2)` and a sibling disc folder's ` (Disc 2)` under 255 bytes.
        let albumName = Self.clipped(
            FileName.safe("\(year) - \(album.title)\(edition)"), to: Self.longestName - 15)
        let folder: String
        if album.isCompilation {
            folder =
                random.chance(0.6) ? "Music/Various Artists/\(albumName)" : "Music/Compilations/\(albumName)"
        } else {
            let artist = FileName.safe(album.albumArtist)
            let genreFolder = classical ? "Classical" : FileName.safe(genre)
            // Large collections are often split by initial once an artist folder list gets long.
            let letter = random.chance(0.3) ? "/" + FileName.safe(String(artist.prefix(1)).uppercased()) : ""
            folder = "Music/\(genreFolder)\(letter)/\(Self.clipped(artist))/\(albumName)"
        }
        album.folder = folderNames.claim(folder)
        let extensionCase = random.weighted([(0, 0.88), (1, 0.07), (2, 0.05)])
        for index in album.tracks.indices {
            var track = album.tracks[index]
            // The part below the album folder: `/CD1/name.flac`, or ` (Disc 2)/name.flac` for
            // sibling disc folders.
            var below = String(track.path.dropFirst(original.folder.count))
            if classical { below = Self.renamed(below, track: track, album: album) }
            if extensionCase != 0, let dot = below.lastIndex(of: ".") {
                let ext = String(below[below.index(after: dot)...])
                let shaped =
                    extensionCase == 1 ? ext.uppercased() : ext.prefix(1).uppercased() + ext.dropFirst()
                below = String(below[..<dot]) + "." + shaped
            }
            track.path = album.folder + below
            album.tracks[index] = track
        }
        if random.chance(1.0 / 8) {
            album.embedsCover = true
            album.largeCoverBytes = random.pick(Self.largeCoverSizes)
        }
        album.extraFiles = extras(for: album, random: &random)
        return album
    }

    /// Credits, titles and names as classical rips carry them: composer, soloist, orchestra and
    /// conductor, works with key, opus and nickname, movements with every tempo marking.
    private mutating func makeClassical(_ album: inout AlbumPlan, random: inout SeededRandom) {
        let composer = random.pick(Self.composers)
        let soloist = "\(random.pick(NameBank.firstNames)) \(random.pick(NameBank.lastNames))"
        let conductor = "\(random.pick(NameBank.firstNames)) \(random.pick(NameBank.lastNames))"
        let credit =
            "\(soloist) (\(random.pick(Self.instruments))), \(random.pick(Self.orchestras)), \(conductor)"
        let work = Self.work(&random)
        var title = "\(composer): \(work) · \(album.title)"
        var volume = 1
        while !usedIdentities.insert(credit.lowercased() + "\u{0}" + title.lowercased()).inserted {
            volume += 1
            title = "\(composer): \(work) · \(album.title) Vol. \(volume)"
        }
        let oldTitle = album.title
        album.title = title
        album.albumArtist = credit
        for index in album.tracks.indices {
            var track = album.tracks[index]
            let length = random.int(in: 150...Self.longestName)
            var movement = "\(work): \(Self.romanNumerals[(index % 9)]). \(random.pick(Self.tempos))"
            while movement.utf8.count < length { movement += " – " + random.pick(Self.tempos) }
            track.title = Self.clipped(movement, to: length)
            track.artist = credit
            track.properties["TITLE"] = [track.title]
            track.properties["ARTIST"] = [credit]
            track.properties["ALBUMARTIST"] = [credit]
            track.properties["COMPOSER"] = [composer]
            track.properties["ARTISTSORT"] = nil
            track.properties["ALBUMARTISTSORT"] = nil
            // Keeps the CDDB-style `Title (Disc 2)` markers of sibling disc folders.
            track.properties["ALBUM"] = track.properties["ALBUM"]?.map {
                title + $0.dropFirst(oldTitle.count)
            }
            album.tracks[index] = track
        }
    }

    /// `below` (the track's path under its album folder) with a long classical file name.
    private static func renamed(_ below: String, track: TrackPlan, album: AlbumPlan) -> String {
        guard let slash = below.lastIndex(of: "/"), let dot = below.lastIndex(of: ".") else { return below }
        let number =
            track.properties["TRACKNUMBER"]?.first?.split(separator: "/").first.map(String.init) ?? "0"
        let prefix = album.discCount > 1 ? "\(track.disc)-" : ""
        let name = FileName.safe("\(prefix)\(number.count < 2 ? "0" + number : number) - \(track.title)")
        let ext = String(below[dot...])
        return String(below[...slash]) + clipped(name, to: longestName - ext.utf8.count) + ext
    }

    /// A single kept in the artist's folder beside the album folders, as downloads end up.
    private mutating func looseSingle(beside album: AlbumPlan, random: inout SeededRandom) -> AlbumPlan {
        let artistFolder = String(album.folder[..<(album.folder.lastIndex(of: "/") ?? album.folder.endIndex)])
        let format = random.weighted(AudioFormat.weights)
        var title = "\(random.pick(NameBank.adjectives)) \(random.pick(NameBank.nouns)) (Single)"
        var number = 1
        while !usedIdentities.insert(album.albumArtist.lowercased() + "\u{0}" + title.lowercased()).inserted {
            number += 1
            title = "\(random.pick(NameBank.adjectives)) \(random.pick(NameBank.nouns)) (Single \(number))"
        }
        var tags: [String: [String]] = [
            "TITLE": [title], "ARTIST": [album.albumArtist], "ALBUMARTIST": [album.albumArtist],
            "ALBUM": [title], "GENRE": album.tracks.first?.properties["GENRE"] ?? [],
        ]
        if format.separateTotals {
            tags["TRACKNUMBER"] = ["1"]
        } else {
            tags["TRACKNUMBER"] = ["1/1"]
        }
        let name = Self.clipped(FileName.safe("\(album.albumArtist) - \(title)"), to: Self.longestName - 5)
        let track = TrackPlan(
            path: "\(artistFolder)/\(name).\(format.fileExtension)", title: title, artist: album.albumArtist,
            disc: 1, properties: tags)
        var single = AlbumPlan(
            number: album.number, format: format, folder: artistFolder, albumArtist: album.albumArtist,
            title: title, layout: .oneFolder, discCount: 1, isCompilation: false, embedsCover: false,
            hasFolderCover: false, id3v2Version: album.id3v2Version, tracks: [track])
        if random.chance(0.5) {
            single.extraFiles = [ExtraFile(path: "\(artistFolder)/artist.jpg", content: .picture)]
        }
        return single
    }

    /// What rippers and shops leave beside the tracks.
    private func extras(for album: AlbumPlan, random: inout SeededRandom) -> [ExtraFile] {
        var files: [ExtraFile] = []
        let base = Self.clipped(
            FileName.safe("\(album.albumArtist) - \(album.title)"), to: Self.longestName - 4)
        if random.chance(0.35) {
            let log =
                "Exact Audio Copy V1.6 from 23. October 2020\n\nEAC extraction logfile\n\n"
                + "\(album.albumArtist) / \(album.title)\n\n"
                + album.tracks.indices.map { "Track \($0 + 1)\n  Copy CRC 0F3A22C1\n" }.joined()
            files.append(ExtraFile(path: "\(album.folder)/\(base).log", content: .text(log)))
        }
        if random.chance(0.25) {
            let cue =
                "PERFORMER \"\(album.albumArtist)\"\nTITLE \"\(album.title)\"\n"
                + album.tracks.enumerated().map {
                    "  TRACK \($0.offset + 1) AUDIO\n    TITLE \"\($0.element.title)\"\n"
                }
                .joined()
            files.append(ExtraFile(path: "\(album.folder)/\(base).cue", content: .text(cue)))
        }
        if random.chance(0.15) {
            let name = random.pick(["info.txt", "Info.TXT", "README.txt", "album.nfo"])
            files.append(ExtraFile(path: "\(album.folder)/\(name)", content: .text("Ripped by a friend.\n")))
        }
        if random.chance(0.15) {
            let scans = random.pick(["Scans", "Artwork", "covers"])
            for name in ["Front.jpg", "Back.jpg", "CD.JPG", "Inlay 01.jpeg"].prefix(random.int(in: 1...4)) {
                files.append(ExtraFile(path: "\(album.folder)/\(scans)/\(name)", content: .picture))
            }
        }
        if random.chance(0.1) {
            files.append(
                ExtraFile(
                    path: "\(album.folder)/\(random.pick(["folder.jpg", "Folder.JPG"]))", content: .picture))
        }
        return files
    }

    /// `text` cut to at most `limit` bytes of UTF-8, at a character's end, trailing spaces
    /// and dots gone (the file name rules of `FileName.safe`).
    static func clipped(_ text: String, to limit: Int = longestName) -> String {
        var result = ""
        var bytes = 0
        for character in text {
            let size = character.utf8.count
            if bytes + size > limit { break }
            result.append(character)
            bytes += size
        }
        while result.hasSuffix(" ") || result.hasSuffix(".") { result.removeLast() }
        return result.isEmpty ? "_" : result
    }

    private static func work(_ random: inout SeededRandom) -> String {
        let kind = random.pick(["Symphony", "Piano Concerto", "Violin Concerto", "String Quartet", "Sonata"])
        let key = random.pick(keys)
        let nickname = random.chance(0.5) ? " \"\(random.pick(nicknames))\"" : ""
        return "\(kind) No. \(random.int(in: 1...9)) in \(key), Op. \(random.int(in: 2...135))\(nickname)"
    }

    static let editions = [
        "(Remastered 2011)", "(Deluxe Edition)", "[24-96 Vinyl Rip]", "[FLAC]", "(Japan SHM-CD)",
        "(2CD Special Edition)", "{MFSL UDCD 1-611}", "(Original Motion Picture Soundtrack)",
    ]
    static let composers = [
        "Ludwig van Beethoven", "Johann Sebastian Bach", "Wolfgang Amadeus Mozart", "Antonín Dvořák",
        "Pyotr Ilyich Tchaikovsky", "Dmitri Dmitriyevich Shostakovich", "Sergei Vasilyevich Rachmaninoff",
        "Gustav Mahler", "Johannes Brahms", "Jean Sibelius",
    ]
    static let orchestras = [
        "Berliner Philharmoniker", "Wiener Philharmoniker", "Royal Concertgebouw Orchestra",
        "Orchestre Philharmonique de Radio France", "Academy of St Martin in the Fields",
        "Chamber Orchestra of Europe", "Symphonieorchester des Bayerischen Rundfunks",
        "Российский национальный оркестр",
    ]
    static let instruments = ["piano", "violin", "cello", "soprano", "clarinet"]
    static let keys = [
        "C major", "C minor", "D major", "D minor", "E-flat major", "F major", "F-sharp minor", "G minor",
        "A major", "B-flat major",
    ]
    static let nicknames = ["Eroica", "Pastoral", "Choral", "Pathétique", "From the New World", "Titan"]
    static let tempos = [
        "Allegro ma non troppo", "Adagio molto e cantabile", "Andante con moto", "Presto",
        "Scherzo: Molto vivace", "Allegro assai", "Poco sostenuto – Vivace", "Larghetto",
        "Rondo: Allegro vivace", "Finale: Allegro con brio", "Menuetto: Allegretto",
        "Tempo di marcia (alla turca)", "Recitativo: O Freunde, nicht diese Töne!",
    ]
    static let romanNumerals = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
}
