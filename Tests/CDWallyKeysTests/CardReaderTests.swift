import CDWallyCore
import Foundation
import Glibc
import TestSupport
import Testing

@testable import CDWallyKeys

/// The card reader's device side without a device, so it runs on the host: which values are
/// paths and which names, what it says of a configured reader that is not there or is no
/// input device, and that a configured path is watched for.
@Suite struct CardReaderTests {
    private func started(_ values: [String], directory: RawPath, _ recorder: CardRecorder) async throws
        -> CardReader
    {
        let reader = CardReader(
            selection: CardReaderSelection(configured: values), directory: directory,
            onNotice: recorder.noticeHandler, onCard: recorder.cardHandler)
        try await reader.start()
        return reader
    }

    @Test func configuredValuesArePathsOrNames() {
        let selection = CardReaderSelection(configured: [
            " /dev/input/by-id/usb-Reader-event-kbd", "Sycreader RFID Technology",
            "/dev/input/../input/event3", "",
        ])
        #expect(
            selection.paths == [
                RawPath("/dev/input/by-id/usb-Reader-event-kbd"), RawPath("/dev/input/event3"),
            ])
        #expect(selection.names == ["Sycreader RFID Technology"])
        #expect(!selection.discovers && !selection.isEmpty)
        #expect(CardReaderSelection.none.isEmpty)
        #expect(CardReaderSelection(configured: [" "]).isEmpty)
        #expect(!CardReaderSelection.discover.isEmpty)
    }

    @Test func aReaderNotThereIsSaidOnceAtStart() async throws {
        let directory = try TemporaryDirectory()
        let byID = directory.child("by-id/usb-Reader-event-kbd")
        let recorder = CardRecorder()
        let reader = try await started([byID.display, "Sycreader RFID"], directory: directory.path, recorder)
        defer { reader.stop() }
        #expect(recorder.recordedNotices == [.absent(byID.display), .absent("Sycreader RFID")])
        // A node of the input directory that is no evdev device is not the named reader: no word.
        try directory.createFile("event4")
        try await Task.sleep(for: .milliseconds(200))
        #expect(recorder.recordedNotices.count == 2)
    }

    @Test func aConfiguredPathThatAppearsLaterIsLookedAt() async throws {
        let directory = try TemporaryDirectory()
        let byID = directory.child("by-id/usb-Reader-event-kbd")
        let recorder = CardRecorder()
        let reader = try await started([byID.display], directory: directory.path, recorder)
        defer { reader.stop() }
        // Its folder too is made after the start, as udev makes by-id for the first USB device.
        try #require(mkdir(directory.child("by-id").display, 0o755) == 0)
        try TemporaryDirectory.writeFile(at: byID)
        #expect(await recorder.waitForNotice(.problem(.notAnInputDevice(byID))))
        // Written again (a slow machine sees a file's making and its writing apart): said once.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: byID.display))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("again".utf8))
        try handle.close()
        try await Task.sleep(for: .milliseconds(300))
        #expect(recorder.recordedNotices == [.absent(byID.display), .problem(.notAnInputDevice(byID))])
        #expect(recorder.recordedCards.isEmpty)
    }

    @Test func stopIsSafeTwiceAndBeforeStart() async throws {
        let directory = try TemporaryDirectory()
        let reader = CardReader(selection: CardReaderSelection(configured: ["x"]), directory: directory.path)
        { _ in }
        reader.stop()
        try await reader.start()
        reader.stop()
        reader.stop()
    }
}
