import CDWallyCore
import Glibc
import TestSupport
import Testing

@testable import CDWallyKeys

/// A serial card reader configured by its path, through a pseudo-terminal whose far end
/// plays the RDM6300 (host: no device needed).
@Suite struct SerialCardReaderTests {
    /// A pseudo-terminal: the reader's end is `path`; `send` writes on the far end.
    final class Line {
        let path: RawPath
        private var master: Int32

        init() throws {
            var master: Int32 = -1
            var terminal: Int32 = -1
            guard openpty(&master, &terminal, nil, nil, nil) == 0 else {
                throw TestFailure("no pseudo-terminal: \(String(cString: strerror(errno)))")
            }
            defer { close(terminal) }
            self.master = master
            guard let name = ttyname(terminal) else { throw TestFailure("the pseudo-terminal has no name") }
            path = RawPath(String(cString: name))
        }

        deinit { hangUp() }

        func send(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }

        /// Closes the far end, as pulling a USB serial adapter out does.
        func hangUp() {
            guard master >= 0 else { return }
            close(master)
            master = -1
        }
    }

    @Test func framesOnTheLineAreCardsAndABadOneIsOneLine() async throws {
        let line = try Line()
        let recorder = CardRecorder()
        let directory = try TemporaryDirectory()
        let reader = CardReader(
            selection: CardReaderSelection(configured: [line.path.display]), directory: directory.path,
            onNotice: recorder.noticeHandler, onCard: recorder.cardHandler)
        try await reader.start()
        defer { reader.stop() }
        let name = line.path.display
        #expect(recorder.recordedNotices == [.opened(path: line.path, name: name, grabbed: false)])

        line.send(SerialCardDecoderTests.frame(card: 12_345_678, checksum: 0x00))
        line.send(SerialCardDecoderTests.frame(card: 12_345_678))
        #expect(await recorder.waitFor { cards, _ in !cards.isEmpty })
        #expect(
            recorder.recordedCards == [
                CardRead(number: CardNumber("0012345678")!, path: line.path, name: name)
            ])
        let problems = recorder.recordedNotices.filter {
            if case .unreadable(.badFrame, line.path, name) = $0 { true } else { false }
        }
        #expect(problems.count == 1)

        line.hangUp()
        #expect(await recorder.waitForNotice(.removed(path: line.path, name: name)))
    }
}
