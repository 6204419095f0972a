import CDWallyCore

/// One card a reader typed: its number, and the reader's node and name.
public struct CardRead: Sendable, Equatable {
    public var number: CardNumber
    /// The node the reader was opened through: a configured path (a `by-id` link) or
    /// `/dev/input/eventN`.
    public var path: RawPath
    /// The name the kernel gives the reader, which `[cards] reader` may use.
    public var name: String

    public init(number: CardNumber, path: RawPath, name: String) {
        self.number = number
        self.path = path
        self.name = name
    }
}
