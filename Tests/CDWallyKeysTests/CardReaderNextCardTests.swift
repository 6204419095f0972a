import CDWallyCore
import CDWallySystem
import Foundation
import Glibc
import TestSupport
import Testing

@testable import CDWallyKeys

/// What `card assign` uses to wait for a card with no player running, and how it names the
/// reader it found: on the host without a device, and with a uinput reader in the guest.
@Suite struct CardReaderNextCardTests {
    @Test func noCardWithinTheTimeIsNil() async throws {
        let directory = try TemporaryDirectory()
        let started = ContinuousClock.now
        let read = try await CardReader.nextCard(
            .discover, within: .milliseconds(200), directory: directory.path)
        #expect(read == nil)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func theConfigLineNamesTheReaderByItsByIDLinkElseByItsName() throws {
        let directory = try TemporaryDirectory()
        let node = try directory.createFile("event9")
        try #require(mkdir(directory.child("by-id").display, 0o755) == 0)
        let byID = directory.child("by-id")
        for name in [
            "usb-Sycreader_RFID-if01-event-kbd", "usb-Sycreader_RFID-event-kbd", "usb-Other-event-kbd",
        ] {
            let target = name == "usb-Other-event-kbd" ? "/nonexistent" : "../event9"
            try #require(symlink(target, byID.appending(name).display) == 0)
        }
        let read = CardRead(number: CardNumber("12")!, path: node, name: "Sycreader \"RFID\"")
        #expect(
            CardReader.configLine(for: read, byID: byID)
                == "reader = \"\(byID.appending("usb-Sycreader_RFID-event-kbd").display)\"")
        #expect(
            CardReader.configLine(for: read, byID: directory.child("none"))
                == #"reader = "Sycreader \"RFID\"""#)
    }

    @Test(.enabled(if: VirtualInputDevice.isAvailable, "needs a writable /dev/uinput (modprobe uinput)"))
    func theDeviceThatTypesACardIsFound() async throws {
        let device = try VirtualInputDevice(
            keys: VirtualInputDevice.cardReaderKeys,
            name: "cdwally test reader \(UUID().uuidString.prefix(8))")
        let opened = LockedValue(false)
        let expected = CardReaderNotice.opened(path: device.node, name: device.name, grabbed: false)
        let waiting = Task {
            try await CardReader.nextCard(.discover, within: .seconds(30)) { notice in
                if notice == expected { opened.set(true) }
            }
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while !opened.current && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        device.type("0042\n")
        let read = try await waiting.value
        #expect(read == CardRead(number: CardNumber("0042")!, path: device.node, name: device.name))
    }
}
