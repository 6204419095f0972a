import CDWallyCore

/// What one refresh of the index did.
public struct ScanDelta: Sendable, Equatable {
    public var added = 0
    public var changed = 0
    public var removed = 0
    /// Files read in this refresh that TagLib could not read.
    public var failedReads = 0
    /// Directories that could not be read and symbolic-link loops, reported and skipped.
    public var problems: [TreeWalker.Problem] = []

    public init() {}

    public mutating func merge(_ other: ScanDelta) {
        added += other.added
        changed += other.changed
        removed += other.removed
        failedReads += other.failedReads
        problems += other.problems
    }
}

/// How far a long refresh has got, for a progress line on a terminal.
public struct ScanProgress: Sendable {
    public var read: Int
    public var toRead: Int
}
