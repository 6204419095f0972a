import CDWallyCore

/// Turns what a keyboard-wedge card reader types into card numbers (docs/PRODUCT.md §11).
///
/// A USB reader is a keyboard: for each card it types the card's number, digits or
/// hexadecimal digits (some with Shift for the letters), then Enter. Only key downs count;
/// releases and autorepeat are dropped, and modifiers (Shift, Num Lock, …) are not part of
/// a number. Anything else makes the number bad, and a bad number is one problem when its
/// Enter comes, however many keys it had: a reader gone wild typing 200 digits is one line in
/// the log, not six.
///
/// A number with no Enter is dropped once `unfinishedAfter` has passed since its last key
/// (`expire(at:)`; `deadline` says when to call it), so a reader that lost its Enter does not
/// glue its half number to the next card's.
///
/// A pure value, fed one device's keys in order: one decoder per reader, so that two readers
/// typing at once cannot mix their digits.
public struct CardReaderDecoder: Sendable {
    /// What one key down gives.
    public enum Output: Sendable, Equatable {
        case card(CardNumber)
        case problem(CardReaderProblem)
    }

    /// A reader types a whole number in a few tens of milliseconds; a second with no key means
    /// its Enter is not coming.
    public static let defaultUnfinishedAfter: Duration = .seconds(1)

    public let unfinishedAfter: Duration
    /// The characters typed since the last Enter, upper case, at most one more than a number
    /// may have (enough to know it is too long).
    private var typed = ""
    /// How many characters were typed, kept when `typed` stops growing.
    private var count = 0
    /// The first key that was not a hexadecimal digit, if any.
    private var badKey: KeyCode?
    private var lastKey: ContinuousClock.Instant?

    public init(unfinishedAfter: Duration = CardReaderDecoder.defaultUnfinishedAfter) {
        self.unfinishedAfter = unfinishedAfter
    }

    /// When an unfinished number is due to be dropped, if one is being typed.
    public var deadline: ContinuousClock.Instant? {
        lastKey.map { $0 + unfinishedAfter }
    }

    /// Takes one key event (`value` 1 down, 0 up, 2 autorepeat) at `time`.
    public mutating func take(_ key: KeyCode, value: Int32, at time: ContinuousClock.Instant) -> [Output] {
        guard value == 1 else { return [] }
        // A number left unfinished is dropped before this key starts the next one.
        var outputs = expire(at: time).map { [$0] } ?? []
        switch CardReaderKeys.meaning(of: key) {
        case .ignored:
            return outputs
        case .enter:
            outputs.append(finish())
        case .hexDigit(let character):
            type(character, key: nil, at: time)
        case .other:
            type(nil, key: key, at: time)
        }
        return outputs
    }

    /// Drops a number whose Enter has not come by its deadline.
    public mutating func expire(at time: ContinuousClock.Instant) -> Output? {
        guard let deadline, time >= deadline else { return nil }
        let output: Output = .problem(problem() ?? .unfinished(typed))
        reset()
        return output
    }

    private mutating func type(_ character: Character?, key: KeyCode?, at time: ContinuousClock.Instant) {
        lastKey = time
        count += 1
        if let key, badKey == nil { badKey = key }
        if let character, typed.count <= CardNumber.maximumLength { typed.append(character) }
    }

    private mutating func finish() -> Output {
        defer { reset() }
        if let problem = problem() { return .problem(problem) }
        do {
            return .card(try CardNumber(validating: typed))
        } catch {
            // Only `.empty` is left: the other problems were found above.
            return .problem(.enterAlone)
        }
    }

    /// What is wrong with the number typed so far, whatever comes next.
    private func problem() -> CardReaderProblem? {
        if let badKey { return .notHexadecimal(badKey) }
        if count > CardNumber.maximumLength { return .tooLong(count) }
        return nil
    }

    private mutating func reset() {
        typed = ""
        count = 0
        badKey = nil
        lastKey = nil
    }
}
