import CDWallyCore

/// The display's `/` search while it is open: what was typed, the albums it found, which one
/// is chosen.
public struct LibrarySearch: Sendable, Hashable {
    public var query = ""
    public var albums: [AlbumSummary] = []
    /// How many albums match in all; nil while the first answer is awaited.
    public var total: Int?
    /// The index in `albums` of the one Enter plays.
    public var selected = 0

    public init(query: String = "", albums: [AlbumSummary] = [], total: Int? = nil, selected: Int = 0) {
        self.query = query
        self.albums = albums
        self.total = total
        self.selected = selected
    }

    /// The most albums a search shows: a screenful or two.
    public static let shown = 50
}
