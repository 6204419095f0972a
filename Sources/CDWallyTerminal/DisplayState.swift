/// What the display shows besides the player's state: the front end's own bits of UI.
public struct DisplayState: Sendable, Hashable {
    /// The key help overlay is up (`?`).
    public var helpShown: Bool
    /// The digits of a disc number being typed, nil when none is.
    public var pendingDisc: String?
    /// A transient line: a warning, a skipped track, a refused command.
    public var message: String?
    /// The library search (`/`), while it is open.
    public var search: LibrarySearch?

    public init(
        helpShown: Bool = false, pendingDisc: String? = nil, message: String? = nil,
        search: LibrarySearch? = nil
    ) {
        self.helpShown = helpShown
        self.pendingDisc = pendingDisc
        self.message = message
        self.search = search
    }
}
