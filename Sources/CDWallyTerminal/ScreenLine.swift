/// One row of the screen: runs of text, each in a style, that together fit the width.
public struct ScreenLine: Sendable, Hashable {
    public struct Run: Sendable, Hashable {
        public var text: String
        public var style: TextStyle

        public init(_ text: String, _ style: TextStyle = .plain) {
            self.text = text
            self.style = style
        }
    }

    public var runs: [Run]

    public init(_ runs: [Run]) {
        self.runs = runs
    }

    public init(_ text: String, _ style: TextStyle = .plain) {
        self.init(text.isEmpty ? [] : [Run(text, style)])
    }

    public static let blank = ScreenLine([])

    /// What the row reads, without styles.
    public var text: String { runs.map(\.text).joined() }
}
