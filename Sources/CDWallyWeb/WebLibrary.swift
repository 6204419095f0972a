import CDWallyCore

/// What the web's Library reads and writes (docs/PRODUCT.md §10), handed in by the `cdwally`
/// executable, which owns the library and the CDs playlist's writers, as it hands in the
/// doctor report. Each does its blocking work off the cooperative pool, and a change answers
/// once the player holds the new wallet.
public struct WebLibrary: Sendable {
    /// One album as the Library lists it: its disc number when it is one, the disc it would
    /// merge into as an edition.
    public struct Row: Sendable {
        public var album: AlbumSummary
        public var inWallet: Int?
        public var mergesInto: Int?
        /// A disc of the playlist that the capacity hides (docs/PRODUCT.md §11).
        public var hidden: Bool

        public init(album: AlbumSummary, inWallet: Int?, mergesInto: Int?, hidden: Bool = false) {
            self.album = album
            self.inWallet = inWallet
            self.mergesInto = mergesInto
            self.hidden = hidden
        }
    }

    /// A change to the wallet, for the page: what happened, and what undoes it.
    public struct Change: Sendable {
        public var album: AlbumID
        /// The album's disc number after the change (nil: not in the wallet, or hidden).
        public var disc: Int?
        public var changed: Bool
        public var message: String
        /// The opposite action, `"add"` or `"remove"`, on the same id; nil when nothing changed.
        public var undo: String?

        public init(album: AlbumID, disc: Int?, changed: Bool, message: String, undo: String?) {
            self.album = album
            self.disc = disc
            self.changed = changed
            self.message = message
            self.undo = undo
        }
    }

    /// Why a change was refused, as the web answers it.
    /// The library or the wallet refused a change: its words and its kind, which decides the
    /// status (`LibraryRefusalKind.httpStatus`).
    public struct Refusal: Error, Sendable, Equatable {
        public let kind: LibraryRefusalKind
        public let message: String

        public init(_ kind: LibraryRefusalKind, _ message: String) {
            self.kind = kind
            self.message = message
        }
    }

    /// Up to `limit` albums from `offset` whose fields hold every word, and how many match.
    public var albums:
        @Sendable (_ words: [String], _ offset: Int, _ limit: Int) async throws -> (total: Int, rows: [Row])
    public var add: @Sendable (AlbumID) async throws -> Change
    public var remove: @Sendable (AlbumID) async throws -> Change
    /// Adds the album when it is not in the wallet (refused by a full wallet), and plays it.
    public var play: @Sendable (AlbumID) async throws -> Change
    /// Gives the last card read to the album, putting it into the wallet when it is not there
    /// (docs/PRODUCT.md §11, "Assign the last card"); nil for a player with no cards.
    public var assignLastCard: (@Sendable (AlbumID) async throws -> Change)?

    public init(
        albums: @escaping @Sendable ([String], Int, Int) async throws -> (total: Int, rows: [Row]),
        add: @escaping @Sendable (AlbumID) async throws -> Change,
        remove: @escaping @Sendable (AlbumID) async throws -> Change,
        play: @escaping @Sendable (AlbumID) async throws -> Change
    ) {
        self.albums = albums
        self.add = add
        self.remove = remove
        self.play = play
    }
}
