import CDWallyVocabulary
import CEvdev

/// What one device's events mean, one event at a time: the press, hold and release rules of
/// the keys and the knob's steps (docs/PRODUCT.md §11). A value with no clock of its own: the
/// reader tells it the time of each event and asks it, when its deadline comes, whether a
/// held key has become a long press. One per open device, so a key held on one remote is
/// never released by another.
///
/// - A key with no long binding acts on press, as it always did: value 1 only, as 0 is a
///   release and 2 is autorepeat, which IR receivers send ten times a second while a button
///   is held (pitfall 15).
/// - A key with a long binding cannot know on press which it will be, so it acts on release
///   (its short action) if that comes before `holdTime`, or once `holdTime` has passed while
///   it is still held (its long action), and then not again on release.
public struct InputInterpreter: Sendable {
    /// How long a key is held to be a long press: past the 0.3 to 0.5 s of a firm press, short
    /// enough that a child holding it feels it answer.
    public static let holdTime: Duration = .milliseconds(800)

    public typealias Instant = ContinuousClock.Instant

    private let keyMap: KeyMap
    private let knob: Knob
    private let holdTime: Duration
    /// Keys with a long binding that are down: since when, and whether the long press acted.
    private var held: [KeyCode: (since: Instant, acted: Bool)] = [:]

    public init(keyMap: KeyMap, knob: Knob = .default, holdTime: Duration = InputInterpreter.holdTime) {
        self.keyMap = keyMap
        self.knob = knob
        self.holdTime = holdTime
    }

    /// The commands `event`, arriving at `now`, sets off. Events other than keys and relative
    /// axes mean nothing here.
    public mutating func interpret(_ event: input_event, at now: Instant) -> [KeyPress] {
        switch Int32(event.type) {
        case EV_KEY: return key(KeyCode(rawValue: event.code), value: event.value, at: now)
        case EV_REL:
            return knob.commands(axis: event.code, value: event.value).map {
                KeyPress(source: .knob(axis: event.code), command: $0)
            }
        default: return []
        }
    }

    /// The long presses due by `now`, each acted once. The reader calls it when `deadline`
    /// comes, and after every read.
    public mutating func expire(at now: Instant) -> [KeyPress] {
        var due: [KeyPress] = []
        for (key, state) in held.sorted(by: { $0.key < $1.key })
        where !state.acted && now - state.since >= holdTime {
            held[key]?.acted = true
            if let command = keyMap.longCommand(for: key) {
                due.append(KeyPress(source: .longPress(key), command: command))
            }
        }
        return due
    }

    /// When the next long press falls due if its key stays down; nil when none is waiting.
    public var deadline: Instant? {
        held.values.filter { !$0.acted }.map { $0.since + holdTime }.min()
    }

    private mutating func key(_ key: KeyCode, value: Int32, at now: Instant) -> [KeyPress] {
        guard let long = keyMap.longCommand(for: key) else {
            guard value == 1, let command = keyMap.command(for: key) else { return [] }
            return [KeyPress(key: key, command: command)]
        }
        switch value {
        case 1:
            // A second press with no release between (a resync after SYN_DROPPED) keeps the first.
            if held[key] == nil { held[key] = (now, false) }
            return []
        case 0:
            guard let state = held.removeValue(forKey: key), !state.acted else { return [] }
            // A release read late, after the hold time, was still a long press.
            if now - state.since >= holdTime { return [KeyPress(source: .longPress(key), command: long)] }
            return keyMap.command(for: key).map { [KeyPress(key: key, command: $0)] } ?? []
        default:
            return []
        }
    }
}
