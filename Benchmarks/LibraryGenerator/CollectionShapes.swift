/// The shapes real collections have that the wallet must get right (docs/PRODUCT.md §3, §4),
/// decided per album from a stream of their own, so that adding them left every other draw of
/// a seed, and so the rest of the library, as it was.
struct CollectionShapes {
    /// How the folders of a multi-disc album in disc folders are named.
    enum DiscFolders: Equatable {
        /// `CD1`, `CD 2`, `Disc 3`, `disc4`.
        case numbered
        /// `Disc One`, `Disc Two`.
        case words
        /// `Left`, `Right`, `Middle`: any names, the discs told by DISCNUMBER tags.
        case anyNames
        /// CDDB-era rips: sibling folders `Title (Disc 1)`, `Title (Disc 2)`, the marker in the
        /// album tag too, no DISCNUMBER tag.
        case titleMarkers
    }

    /// Guests credited as "Artist feat. Guest" although no ALBUMARTIST holds the album together.
    var guestsWithoutAlbumArtist: Bool
    /// A compilation with neither ALBUMARTIST nor COMPILATION tag, as rippers leave them.
    var rippedCompilation: Bool
    /// ALBUMARTISTSORT left off this album, though the artist's other albums carry it.
    var dropsSortTag: Bool
    var discFolders: DiscFolders
    private var random: SeededRandom

    init(seed: UInt64, number: Int) {
        random = SeededRandom(seed: seed, stream: "shape", number: number)
        guestsWithoutAlbumArtist = random.chance(0.3)
        rippedCompilation = random.chance(0.5)
        dropsSortTag = random.chance(0.3)
        discFolders = random.weighted([
            (.numbered, 0.55), (.words, 0.15), (.anyNames, 0.15), (.titleMarkers, 0.15),
        ])
    }

    static let numberWords = ["One", "Two", "Three"]
    static let sideNames = ["Left", "Right", "Middle"]

    /// True, now and then, for a track that gets a guest.
    mutating func hasGuest() -> Bool {
        guestsWithoutAlbumArtist && random.chance(0.2)
    }

    mutating func guestNumber(in range: ClosedRange<Int>) -> Int {
        random.int(in: range)
    }
}
