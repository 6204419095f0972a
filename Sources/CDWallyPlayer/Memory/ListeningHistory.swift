import CDWallyCore
import CDWallyVocabulary
import Foundation

/// Everything remembered of what was played: the newest listens one by one, and older ones
/// compacted into per-disc totals. A plain value; `ListeningLog` reads and writes it.
///
/// The size is bounded so that the file stays small enough to rewrite at each listen's end on
/// an SD card: at most `detailLimit` listens (some 300 KB of JSON; years of a few discs a day),
/// the oldest of them folded into `earlier` when a new one comes, and at most `earlierLimit`
/// discs there, those played least recently dropped first.
public struct ListeningHistory: Sendable, Equatable {
    public static let detailLimit = 2000
    public static let earlierLimit = 5000

    /// The newest listens, oldest first.
    public private(set) var listens: [Listen]
    /// Older listens, per disc.
    public private(set) var earlier: [AlbumID: DiscTotals]

    public init(listens: [Listen] = [], earlier: [AlbumID: DiscTotals] = [:]) {
        self.listens = listens.sorted { $0.start < $1.start }
        self.earlier = earlier
    }

    public static let empty = ListeningHistory()

    public var isEmpty: Bool { listens.isEmpty && earlier.isEmpty }

    /// Adds a listen in start order, unless the same listen is already there, then compacts.
    mutating func add(_ listen: Listen, detailLimit: Int = Self.detailLimit) {
        guard !listens.contains(where: { $0.isSame(as: listen) }) else { return }
        let place = listens.lastIndex { $0.start <= listen.start }.map { $0 + 1 } ?? 0
        listens.insert(listen, at: place)
        compact(detailLimit: detailLimit)
    }

    /// Folds the oldest listens past `detailLimit` into `earlier`, and drops the discs played
    /// least recently past `earlierLimit`.
    mutating func compact(detailLimit: Int = Self.detailLimit, earlierLimit: Int = Self.earlierLimit) {
        let excess = listens.count - detailLimit
        if excess > 0 {
            for listen in listens.prefix(excess) {
                earlier[
                    listen.disc,
                    default: DiscTotals(
                        disc: listen.disc, artist: listen.artist, title: listen.title, last: listen.start)
                ]
                .add(listen)
            }
            listens.removeFirst(excess)
        }
        if earlier.count > earlierLimit {
            let dropped = earlier.values.sorted { $0.last < $1.last }.prefix(earlier.count - earlierLimit)
            for totals in dropped { earlier[totals.disc] = nil }
        }
    }

    /// Adds another history: its listens not here already, and its older totals to these.
    mutating func merge(_ other: ListeningHistory) {
        for totals in other.earlier.values {
            if var known = earlier[totals.disc] {
                known.add(totals)
                earlier[totals.disc] = known
            } else {
                earlier[totals.disc] = totals
            }
        }
        for listen in other.listens where !listens.contains(where: { $0.isSame(as: listen) }) {
            listens.append(listen)
        }
        listens.sort { $0.start < $1.start }
        compact()
    }

    /// Erases everything of one disc.
    mutating func forget(_ disc: AlbumID) {
        listens.removeAll { $0.disc == disc }
        earlier[disc] = nil
    }

    /// Files everything of disc `old` under `new` (an id of an older cdwally, docs/PRODUCT.md §3).
    mutating func rename(_ old: AlbumID, to new: AlbumID) {
        for index in listens.indices where listens[index].disc == old { listens[index].disc = new }
        if var totals = earlier.removeValue(forKey: old) {
            totals.disc = new
            earlier[new] = totals
        }
    }

    /// Whether anything of `disc` is remembered.
    public func remembers(_ disc: AlbumID) -> Bool {
        earlier[disc] != nil || listens.contains { $0.disc == disc }
    }

    /// Every disc's totals, old and new listens together.
    public var totals: [AlbumID: DiscTotals] {
        var all = earlier
        for listen in listens {
            all[
                listen.disc,
                default: DiscTotals(
                    disc: listen.disc, artist: listen.artist, title: listen.title, last: listen.start)
            ]
            .add(listen)
        }
        return all
    }

    /// The history as a reader whose clock says `now` may show it, and how many listens it
    /// could not date. A stamp ahead of the reading clock is not believed: a Raspberry Pi has no
    /// clock battery, boots with a wrong time and jumps when NTP answers, and a listen stamped
    /// while its clock ran ahead would otherwise count in "this week" and read "just now" for
    /// as long as that future lasts. Such a listen (or compacted total) keeps its counts but
    /// its date is clamped to `Listen.undated`: it is in the all-time totals and nowhere recent.
    /// The file keeps the stamps as they were written.
    public func dated(asOf now: Date) -> (history: ListeningHistory, ahead: Int) {
        var ahead = 0
        let listens = listens.map { listen in
            guard listen.start > now else { return listen }
            ahead += 1
            var undated = listen
            undated.start = Listen.undated
            return undated
        }
        let earlier = earlier.mapValues { totals in
            guard totals.last > now else { return totals }
            ahead += totals.listens
            var undated = totals
            undated.last = Listen.undated
            return undated
        }
        return (ListeningHistory(listens: listens, earlier: earlier), ahead)
    }

    /// When each disc was last put on.
    public var lastPlayed: [AlbumID: Date] {
        totals.mapValues(\.last)
    }
}
