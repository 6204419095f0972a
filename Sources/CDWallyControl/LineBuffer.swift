/// Cuts a byte stream into `\n`-terminated lines of at most `limit` bytes. A longer line
/// is reported once as `.tooLong` and its bytes are skipped up to its newline, so the
/// lines after it still come through: the connection stays usable.
///
/// A plain value, owned by whoever reads the stream.
struct LineBuffer {
    enum Item: Equatable {
        case line([UInt8])
        case tooLong
    }

    let limit: Int
    private var pending: [UInt8] = []
    /// True while skipping the rest of a line already reported as too long.
    private var discarding = false

    init(limit: Int) {
        self.limit = limit
    }

    /// The lines that `bytes` completes, in order.
    mutating func append(_ bytes: [UInt8]) -> [Item] {
        var items: [Item] = []
        var rest = bytes[...]
        while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            let segment = rest[..<newline]
            if discarding {
                discarding = false
            } else if pending.count + segment.count > limit {
                items.append(.tooLong)
            } else {
                items.append(.line(pending + segment))
            }
            pending = []
            rest = rest[(newline + 1)...]
        }
        if !discarding {
            pending += rest
            if pending.count > limit {
                items.append(.tooLong)
                pending = []
                discarding = true
            }
        }
        return items
    }

    /// At the end of the stream: a last line that had no newline, if any.
    mutating func finish() -> Item? {
        defer {
            pending = []
            discarding = false
        }
        return discarding || pending.isEmpty ? nil : .line(pending)
    }
}
