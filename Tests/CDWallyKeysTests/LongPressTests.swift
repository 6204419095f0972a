import CDWallyVocabulary
import CEvdev
import Testing

@testable import CDWallyKeys

/// The press, hold and release rules of `InputInterpreter`, from scripted (time, event)
/// sequences: what a box's next button does when tapped and when held (docs/PRODUCT.md §11).
@Suite struct LongPressTests {
    private let start = ContinuousClock.now

    private func key(_ name: String, _ value: Int32) -> input_event {
        var event = input_event()
        event.type = UInt16(EV_KEY)
        event.code = KeyCode(name: name)!.rawValue
        event.value = value
        return event
    }

    /// `[keys.long] KEY_NEXTSONG = "next-disc"` over the defaults.
    private func boxMap() throws -> KeyMap {
        try KeyMap(config: [:], long: ["KEY_NEXTSONG": "next-disc"])
    }

    /// Plays `script` (seconds since start, key, value; or a nil key: the reader's timer firing)
    /// and returns each command with the second it was sent at.
    private func play(_ map: KeyMap, _ script: [(Double, String?, Int32)]) -> [(Double, PlayerCommand)] {
        var interpreter = InputInterpreter(keyMap: map)
        var sent: [(Double, PlayerCommand)] = []
        for (second, name, value) in script {
            let now = start + .milliseconds(Int(second * 1000))
            var presses = interpreter.expire(at: now)
            if let name { presses += interpreter.interpret(key(name, value), at: now) }
            sent += presses.map { (second, $0.command) }
        }
        return sent
    }

    private func commands(_ sent: [(Double, PlayerCommand)]) -> [PlayerCommand] { sent.map(\.1) }

    @Test func aTapActsOnReleaseWithItsShortAction() throws {
        let sent = play(try boxMap(), [(0, "KEY_NEXTSONG", 1), (0.2, "KEY_NEXTSONG", 0)])
        #expect(sent.count == 1 && sent.first?.0 == 0.2 && sent.first?.1 == .next)
    }

    @Test func aHoldActsOnceAtTheHoldTimeAndNotAgainOnRelease() throws {
        let sent = play(
            try boxMap(),
            [
                (0, "KEY_NEXTSONG", 1), (0.5, "KEY_NEXTSONG", 2), (0.79, nil, 0), (0.8, nil, 0),
                (0.9, "KEY_NEXTSONG", 2), (1.6, nil, 0), (2.5, "KEY_NEXTSONG", 0),
            ])
        #expect(sent.count == 1 && sent.first?.0 == 0.8 && sent.first?.1 == .nextDisc)
    }

    @Test func theDeadlineIsWhenTheHeldKeyBecomesLong() throws {
        var interpreter = InputInterpreter(keyMap: try boxMap())
        #expect(interpreter.deadline == nil)
        _ = interpreter.interpret(key("KEY_NEXTSONG", 1), at: start)
        #expect(interpreter.deadline == start + InputInterpreter.holdTime)
        #expect(
            interpreter.expire(at: start + .milliseconds(800)).map(\.source) == [
                .longPress(KeyCode(name: "KEY_NEXTSONG")!)
            ])
        #expect(interpreter.deadline == nil)
    }

    @Test func aReleaseReadLateAfterTheHoldTimeIsStillLong() throws {
        // The reader's thread was held up: press and release arrive with no timer between.
        #expect(
            commands(play(try boxMap(), [(0, "KEY_NEXTSONG", 1), (1.0, "KEY_NEXTSONG", 0)])) == [.nextDisc])
    }

    @Test func keysWithoutALongBindingStillActOnPressAndOnlyOnce() throws {
        let sent = play(
            try boxMap(),
            [
                (0, "KEY_PLAYPAUSE", 1), (0.5, "KEY_PLAYPAUSE", 2), (1.0, "KEY_PLAYPAUSE", 2),
                (2.0, "KEY_PLAYPAUSE", 0),
            ])
        #expect(sent.count == 1 && sent.first?.0 == 0 && sent.first?.1 == .toggle)
    }

    @Test func twoKeysHeldAtOnceKeepTheirOwnTimes() throws {
        let map = try KeyMap(
            config: [:], long: ["KEY_NEXTSONG": "next-disc", "KEY_PREVIOUSSONG": "previous-disc"])
        let sent = play(
            map,
            [
                (0, "KEY_NEXTSONG", 1), (0.5, "KEY_PREVIOUSSONG", 1), (0.8, nil, 0), (1.0, "KEY_NEXTSONG", 0),
                (1.1, "KEY_PREVIOUSSONG", 0),
            ])
        #expect(sent.map(\.0) == [0.8, 1.1])
        #expect(commands(sent) == [.nextDisc, .previous])
    }

    @Test func aLongOnlyKeyDoesNothingWhenTapped() throws {
        let map = try KeyMap(config: ["KEY_STOPCD": "none"], long: ["KEY_STOPCD": "stop"])
        #expect(commands(play(map, [(0, "KEY_STOPCD", 1), (0.3, "KEY_STOPCD", 0)])) == [])
        #expect(
            commands(play(map, [(0, "KEY_STOPCD", 1), (0.9, nil, 0), (1.2, "KEY_STOPCD", 0)])) == [.stop])
        // It is a bound key, so `--input auto` opens a device that has only it.
        #expect(map.keys.contains(KeyCode(name: "KEY_STOPCD")!))
    }

    @Test func aReleaseWithNoPressSeenDoesNothing() throws {
        // The key was down when the device was opened.
        #expect(commands(play(try boxMap(), [(0, "KEY_NEXTSONG", 0), (1, nil, 0)])) == [])
    }

    @Test func longBindingsAreReadLikeShortOnesAndNamedSoInErrors() throws {
        let map = try KeyMap(config: ["nextsong": "next"], long: ["nextsong": "Next Disc"])
        #expect(map.longCommand(for: KeyCode(name: "KEY_NEXTSONG")!) == .nextDisc)
        #expect(map.command(for: KeyCode(name: "KEY_NEXTSONG")!) == .next)
        #expect(throws: InputError.unknownAction("skip", key: "long.KEY_NEXTSONG", file: nil)) {
            try KeyMap(config: [:], long: ["KEY_NEXTSONG": "skip"])
        }
        #expect(throws: InputError.unknownKeyName("long.KEY_NOPE", file: nil)) {
            try KeyMap(config: [:], long: ["KEY_NOPE": "stop"])
        }
    }
}
