import CDWallyCore
import CEvdev
import Foundation
import Testing

@testable import CDWallyKeys

/// Card readers as real kernel input devices, made through uinput (docs/PRODUCT.md §11). They
/// need a writable `/dev/uinput`: the build machine has none, so they are reported as skipped
/// there and run in the whole-machine guest.
@Suite(.enabled(if: VirtualInputDevice.isAvailable, "needs a writable /dev/uinput (modprobe uinput)"))
struct CardReaderDeviceTests {
    private let tag = UUID().uuidString.prefix(8)

    private func makeReader(_ name: String, keys: [String] = VirtualInputDevice.cardReaderKeys) throws
        -> VirtualInputDevice
    {
        try VirtualInputDevice(keys: keys, name: name)
    }

    private func started(_ selection: CardReaderSelection, _ recorder: CardRecorder) async throws
        -> CardReader
    {
        let reader = CardReader(
            selection: selection, onNotice: recorder.noticeHandler, onCard: recorder.cardHandler)
        try await reader.start()
        return reader
    }

    private func card(_ number: String, from device: VirtualInputDevice) -> CardRead {
        CardRead(number: CardNumber(number)!, path: device.node, name: device.name)
    }

    /// The notices about readers of this name: a scan of `/dev/input` may meet other tests'
    /// devices coming and going, or nodes this user may not read.
    private func about(name: String, _ recorder: CardRecorder) -> [CardReaderNotice] {
        recorder.recordedNotices.filter { notice in
            switch notice {
            case .opened(_, let named, _), .removed(_, let named), .unreadable(_, _, let named): named == name
            case .absent(let reader): reader == name
            case .problem: false
            }
        }
    }

    /// Key events another opener of `node` gets.
    private func keyEvents(of device: InputDevice) throws -> Int {
        try device.readEvents().filter { $0.type == UInt16(EV_KEY) }.count
    }

    @Test func aReaderNamedInTheConfigTypesOneCardAndIsGrabbed() async throws {
        let device = try makeReader("cdwally test reader \(tag)")
        let recorder = CardRecorder()
        let reader = try await started(CardReaderSelection(configured: [device.name]), recorder)
        defer { reader.stop() }
        #expect(
            about(name: device.name, recorder) == [
                .opened(path: device.node, name: device.name, grabbed: true)
            ])
        let other = try InputDevice(path: device.node)

        device.type("0012345678\n")
        #expect(await recorder.waitFor { cards, _ in !cards.isEmpty })
        try await Task.sleep(for: .milliseconds(300))
        #expect(recorder.recordedCards == [card("0012345678", from: device)])
        // Grabbed: its digits reach no console, no login prompt, no other program.
        #expect(try keyEvents(of: other) == 0)
        #expect(throws: InputError.self) { try InputDevice(path: device.node, grab: true) }

        reader.stop()
        let free = try InputDevice(path: device.node, grab: true)
        free.close()
    }

    @Test func aReaderGivenByItsPathIsReadAndItsBadCardsAreOneLineEach() async throws {
        let device = try makeReader(
            "cdwally test reader \(tag)", keys: VirtualInputDevice.cardReaderKeys + ["KEY_G"])
        let recorder = CardRecorder()
        let reader = try await started(CardReaderSelection(configured: [device.node.display]), recorder)
        defer { reader.stop() }
        device.type("12G4\n")
        device.type(String(repeating: "7", count: 200) + "\n", pause: .milliseconds(2))
        device.type("\n")
        device.type("BEEF\n")
        #expect(await recorder.waitFor { cards, _ in !cards.isEmpty })
        #expect(recorder.recordedCards == [card("BEEF", from: device)])
        let problems = recorder.recordedNotices.compactMap { notice -> CardReaderProblem? in
            guard case .unreadable(let problem, device.node, device.name) = notice else { return nil }
            return problem
        }
        #expect(problems == [.notHexadecimal(KeyCode(name: "KEY_G")!), .tooLong(200), .enterAlone])
    }

    @Test func aReaderPluggedInLaterPulledOutAndBackIsReadEachTime() async throws {
        let name = "cdwally test reader \(tag)"
        let recorder = CardRecorder()
        let reader = try await started(CardReaderSelection(configured: [name]), recorder)
        defer { reader.stop() }
        #expect(about(name: name, recorder) == [.absent(name)])

        let first = try makeReader(name)
        #expect(await recorder.waitForNotice(.opened(path: first.node, name: name, grabbed: true)))
        first.type("11\n")
        #expect(await recorder.waitFor { cards, _ in cards.count == 1 })
        first.unplug()
        #expect(await recorder.waitForNotice(.removed(path: first.node, name: name)))

        let second = try makeReader(name)
        // The kernel may give it the same eventN again: wait for a second opening.
        let opened: ([CardReaderNotice]) -> Int = { notices in
            notices.filter { if case .opened(_, name, _) = $0 { true } else { false } }.count
        }
        #expect(await recorder.waitFor { _, notices in opened(notices) == 2 })
        #expect(about(name: name, recorder).last == .opened(path: second.node, name: name, grabbed: true))
        second.type("22\n")
        #expect(await recorder.waitFor { cards, _ in cards.count == 2 })
        #expect(recorder.recordedCards == [card("11", from: first), card("22", from: second)])
        let removals = recorder.recordedNotices.filter {
            if case .removed = $0 { return true } else { return false }
        }
        #expect(removals.count == 1)
    }

    @Test func twoReadersOfOneNameTypingAtOnceGiveTheirOwnCards() async throws {
        let name = "cdwally test reader \(tag)"
        let left = try makeReader(name)
        let right = try makeReader(name)
        let recorder = CardRecorder()
        let reader = try await started(CardReaderSelection(configured: [name]), recorder)
        defer { reader.stop() }
        // Interleaved key by key: each reader's digits stay its own.
        for (one, other) in zip("1234\n", "9876\n") {
            left.type(String(one))
            right.type(String(other))
        }
        #expect(await recorder.waitFor { cards, _ in cards.count == 2 })
        #expect(Set(recorder.recordedCards.map(\.number.text)) == ["1234", "9876"])
        #expect(recorder.recordedCards.contains(card("1234", from: left)))
        #expect(recorder.recordedCards.contains(card("9876", from: right)))
    }

    @Test func aKeyboardTypingDigitsIsNotTheReader() async throws {
        let device = try makeReader("cdwally test reader \(tag)")
        let keyboard = try makeReader(
            "cdwally test keyboard \(tag)",
            keys: VirtualInputDevice.cardReaderKeys + ["KEY_Q", "KEY_PLAYPAUSE"])
        let recorder = CardRecorder()
        let reader = try await started(CardReaderSelection(configured: [device.name]), recorder)
        defer { reader.stop() }
        keyboard.type("4711\n")
        device.type("0815\n")
        #expect(await recorder.waitFor { cards, _ in !cards.isEmpty })
        try await Task.sleep(for: .milliseconds(300))
        #expect(recorder.recordedCards == [card("0815", from: device)])
        // Never opened, let alone grabbed.
        let probe = try InputDevice(path: keyboard.node, grab: true)
        probe.close()
    }

    @Test func inputAutoLeavesAConfiguredReaderOut() async throws {
        let name = "cdwally test reader \(tag)"
        let device = try makeReader(name, keys: VirtualInputDevice.cardReaderKeys + ["KEY_PLAYPAUSE"])
        let recorder = InputRecorder()
        let input = InputKeyReader(
            selection: .auto, excluding: CardReaderSelection(configured: [name]),
            onNotice: recorder.noticeHandler, onPress: recorder.pressHandler)
        try await input.start()
        defer { input.stop() }
        #expect(recorder.recordedNotices.contains(.cardReader(path: device.node, name: name)))
        // One plugged in later, given by its path, is left out too; a remote is not.
        let remote = try VirtualInputDevice(keys: ["KEY_PLAYPAUSE"])
        #expect(await recorder.waitForNotice(.opened(path: remote.node, name: remote.name)))
        device.send("KEY_PLAYPAUSE", value: 1)
        device.send("KEY_PLAYPAUSE", value: 0)
        remote.send("KEY_PLAYPAUSE", value: 1)
        remote.send("KEY_PLAYPAUSE", value: 0)
        #expect(await recorder.waitForPresses { !$0.isEmpty })
        try await Task.sleep(for: .milliseconds(300))
        #expect(recorder.recordedPresses.filter { $0.device == name }.isEmpty)
    }

    @Test func inputAutoLeavesAReaderGivenByPathOut() async throws {
        let recorder = InputRecorder()
        let later = try makeReader(
            "cdwally test reader \(tag)", keys: ["KEY_1", "KEY_ENTER", "KEY_PLAYPAUSE"])
        let input = InputKeyReader(
            selection: .auto, excluding: CardReaderSelection(configured: [later.node.display]),
            onNotice: recorder.noticeHandler, onPress: recorder.pressHandler)
        try await input.start()
        defer { input.stop() }
        #expect(recorder.recordedNotices.contains(.cardReader(path: later.node, name: later.name)))
    }

    @Test func discoveryFindsTheDeviceThatTypesACardAndGrabsNothing() async throws {
        let device = try makeReader("cdwally test reader \(tag)")
        let remote = try VirtualInputDevice(keys: ["KEY_PLAYPAUSE", "KEY_ENTER"])
        let recorder = CardRecorder()
        let reader = try await started(.discover, recorder)
        defer { reader.stop() }
        #expect(
            recorder.recordedNotices.contains(.opened(path: device.node, name: device.name, grabbed: false)))
        #expect(
            !recorder.recordedNotices.contains {
                $0 == .opened(path: remote.node, name: remote.name, grabbed: false)
            })
        device.type("3A7F\n")
        #expect(await recorder.waitFor { cards, _ in cards.contains(card("3A7F", from: device)) })
        let probe = try InputDevice(path: device.node, grab: true)
        probe.close()
    }
}
