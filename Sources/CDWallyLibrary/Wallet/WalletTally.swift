import CDWallyCore

/// The resolved lines counted the way `doctor` reports them, and the albums they pick in
/// playlist order: what the wallet is built from. One pass, no copies of the outcomes: an
/// export has hundreds of thousands.
struct WalletTally {
    var picks: [[Album]] = []
    var counts = WalletReport.EntryCounts()
    /// Lines answered from the memo's found albums that name an album an earlier such line
    /// picked already.
    var repeats = 0

    init(_ outcomes: LineOutcomes) {
        picks.reserveCapacity(outcomes.count)
        counts.total = outcomes.count
        if outcomes.lines.isEmpty {
            for outcome in outcomes.resolved { tally(outcome) }
            return
        }
        // A remembered album's later lines add no disc (the first occurrence counts): they are
        // counted as merged here rather than handed to the builder, an export's dozen per album.
        var next = outcomes.resolved.makeIterator()
        var picked = [Bool](repeating: false, count: outcomes.remembered.count)
        for line in outcomes.lines {
            switch line {
            case .remembered(let album):
                counts.resolved += 1
                if picked[Int(album)] {
                    repeats += 1
                } else {
                    picked[Int(album)] = true
                    picks.append(outcomes.remembered[Int(album)])
                }
            case .resolved:
                if let outcome = next.next() { tally(outcome) }
            }
        }
    }

    private mutating func tally(_ outcome: EntryOutcome) {
        switch outcome.result {
        case .stream: counts.streams += 1
        case .unavailable(let reason):
            counts.unavailable.append(
                .init(line: outcome.entry.line, entry: outcome.entry.text, reason: reason))
        case .albums(let albums) where albums.isEmpty: break
        case .albums(let albums):
            picks.append(albums)
            counts.resolved += 1
            if outcome.resolvedByTags { counts.resolvedByTags += 1 }
            if let route = outcome.route, route != .path {
                counts.rerouted.append(
                    .init(line: outcome.entry.line, entry: outcome.entry.text, route: route))
            }
        }
    }
}
