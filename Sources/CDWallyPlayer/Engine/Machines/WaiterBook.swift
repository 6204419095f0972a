/// The commands waiting for mpv to confirm playback (`PlayerEngine+Waiting.swift`), each by a
/// number of its own.
///
/// - A number is never given twice, so a timeout that fires after its waiter was answered
///   (and a new one came) finds nothing rather than the wrong waiter.
/// - A waiter is taken out once: whoever takes it answers it, and nobody else can.
/// - All of them are taken out in the order they came, so the answers go out in that order.
///
/// Plain data, owned by the engine; `Entry` is what the shell needs to answer (a continuation
/// and its timeout), a number in the tests.
struct WaiterBook<Entry> {
    private var entries: [Int: Entry] = [:]
    /// The number the next waiter gets.
    private(set) var nextNumber = 0

    /// Gives out the number of a waiter about to be added; the waiter needs it first (its
    /// timeout names it).
    mutating func number() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    mutating func add(_ entry: Entry, as number: Int) {
        entries[number] = entry
    }

    /// Takes waiter `number` out, once; nil when it was answered already.
    mutating func take(_ number: Int) -> Entry? {
        entries.removeValue(forKey: number)
    }

    /// Takes every waiter out, oldest first.
    mutating func takeAll() -> [Entry] {
        let taken = entries.sorted { $0.key < $1.key }.map(\.value)
        entries.removeAll()
        return taken
    }

    var count: Int { entries.count }
}
