import CDWallyCore
import Glibc
import TestSupport
import Testing

@testable import CDWallyKeys

/// A serial card reader configured by its path, through a pseudo-terminal whose far end
/// plays the RDM6300 (host: no device needed).
@Suite struct SerialCardReaderTests {
    @Test func framesOnTheLineAreCardsAndABadOneIsOneLine() async throws {
        let line = try SerialCardLine()
        let recorder = CardRecorder()
        let directory = try TemporaryDirectory()
        let reader = CardReader(
            selection: CardReaderSelection(configured: [line.path.display]), directory: directory.path,
            onNotice: recorder.noticeHandler, onCard: recorder.cardHandler)
        try await reader.start()
        defer { reader.stop() }
        let name = line.path.display
        #expect(recorder.recordedNotices == [.opened(path: line.path, name: name, grabbed: false)])

        line.send(SerialCardLine.frame(card: 12_345_678, checksum: 0x00))
        line.send(SerialCardLine.frame(card: 12_345_678))
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
