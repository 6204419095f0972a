import CDWallyCore

/// What the display's `/` search reaches (docs/PRODUCT.md §10), handed in by the `cdwally`
/// executable, which owns the library: the albums matching some words, and playing one of them
/// (put into the wallet first when it is not there, as `cdwally play ID` does). Both do their
/// blocking work off the display's task.
public struct TerminalLibrary: Sendable {
    /// The first `limit` albums matching the words, in wallet order, and how many match.
    public var search:
        @Sendable (_ words: [String], _ limit: Int) async throws -> (total: Int, albums: [AlbumSummary])
    public var play: @Sendable (AlbumID) async throws -> Void

    public init(
        search: @escaping @Sendable ([String], Int) async throws -> (total: Int, albums: [AlbumSummary]),
        play: @escaping @Sendable (AlbumID) async throws -> Void
    ) {
        self.search = search
        self.play = play
    }
}
