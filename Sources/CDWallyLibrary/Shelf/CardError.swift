import CDWallyCore

/// Why `card assign` or `card forget` did nothing (docs/PRODUCT.md §11). Nothing was written
/// when one is thrown.
public enum CardError: Error, Sendable, CustomStringConvertible {
    /// The wallet already holds as many discs as its capacity: a new album would go past it.
    case walletFull(album: String, discs: Int, capacity: Int, lastDiscs: [String])
    /// No card line gives this number.
    case unknownCard(CardNumber)
    /// The album is reached only through lines (a folder) that lead to other albums too: a
    /// card above one would name them all.
    case sharedLines([(line: Int, text: String)], album: String)

    public var description: String {
        switch self {
        case .walletFull(let album, let discs, let capacity, let lastDiscs):
            let could = lastDiscs.isEmpty ? "" : " (\(lastDiscs.joined(separator: "; ")) could go)"
            return
                "the wallet holds \(discs) discs and its capacity is \(capacity), so \(album) was not added "
                + "and no card was given: remove a disc first\(could) with cdwally remove, or raise the "
                + "capacity (--capacity, or capacity in the config; 0 means no limit)"
        case .sharedLines(let lines, let album):
            let named = lines.map { "line \($0.line) (\($0.text))" }.joined(separator: ", ")
            return "\(album) is reached only through \(named) of the CDs playlist, which "
                + "\(lines.count == 1 ? "leads" : "lead") to other albums too; no card was given: a card "
                + "needs a line of the album's own (name one of its tracks in the playlist by hand)"
        case .unknownCard(let number):
            return "no card \(number) is in the CDs playlist (cdwally cards lists them)"
        }
    }
}
