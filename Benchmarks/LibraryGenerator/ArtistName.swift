/// A generated artist: the name as written, and the sort name a tagger would store when it
/// differs ("Silver Rivers, The", "Walker, Anna").
struct ArtistName: Sendable, Equatable {
    var name: String
    var sort: String?

    /// Artist `number` under `seed`: the same name every time.
    init(number: Int, seed: UInt64) {
        var random = SeededRandom(seed: seed, stream: "artist", number: number)
        let adjective = random.pick(NameBank.adjectives)
        let noun = random.pick(NameBank.nouns)
        switch random.weighted([(0, 0.3), (1, 0.22), (2, 0.3), (3, 0.06), (4, 0.12)]) {
        case 0:
            name = "The \(adjective) \(noun)"
            sort = "\(adjective) \(noun), The"
        case 1:
            name = "\(adjective) \(noun)"
        case 2:
            let first = random.pick(NameBank.firstNames)
            let last = random.pick(NameBank.lastNames)
            name = "\(first) \(last)"
            sort = "\(last), \(first)"
        case 3:
            let first = random.pick(NameBank.firstNames)
            name = "\(first) & The \(noun)"
        default:
            let artist = random.pick(NameBank.unicodeArtists)
            name = artist.name
            sort = artist.sort
        }
    }

    init(name: String, sort: String? = nil) {
        self.name = name
        self.sort = sort
    }

    static let variousArtists = ArtistName(name: "Various Artists")
}
