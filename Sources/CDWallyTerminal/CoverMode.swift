/// How the terminal is shown a cover, as libchafa's terminal database read it from the
/// environment: a picture protocol, or block symbols in as many colours as it announced.
/// The raw values are `cchafa.h`'s, which the worker passes on.
public enum CoverMode: Int32, Sendable, CaseIterable {
    case symbols16 = 1
    case symbols256 = 2
    case symbolsTruecolor = 3
    case sixel = 4
    case kitty = 5
    case iterm2 = 6

    /// The word the worker and the parent use for it.
    public var name: String {
        switch self {
        case .symbols16: "symbols-16"
        case .symbols256: "symbols-256"
        case .symbolsTruecolor: "symbols-truecolor"
        case .sixel: "sixel"
        case .kitty: "kitty"
        case .iterm2: "iterm2"
        }
    }

    public init?(name: String) {
        guard let mode = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = mode
    }

    /// A picture protocol draws pixels over the cells; symbols are text, one row per line.
    var isPicture: Bool { rawValue >= Self.sixel.rawValue }

    /// What takes the picture off the screen besides blanking its cells: kitty keeps its images
    /// apart from the text, so they are deleted by name (`a=d`: every placement, and the image
    /// data with it).
    var deleteSequence: String {
        self == .kitty ? "\u{1B}_Ga=d\u{1B}\\" : ""
    }
}
