import CDWallyCore
import CDWallySystem
import Foundation
import TestSupport
import Testing

@testable import CDWallyTerminal

/// The parent side of the display's cover with stand-in workers (shell commands): an answer
/// becomes a picture, and a worker that hangs is killed within its patience and the disc goes
/// without, while the caller never waits.
@Suite struct CoverArtistTests {
    private static let album = Sample.wallet.discs[0]
    private static let layout = CoverLayout(columns: 4, rows: 2)

    /// Runs one request through an artist whose worker is `script`; the answer and how long
    /// `draw` itself took.
    private func answer(worker script: String, patience: Duration, coverFile: String? = "/covers/one.png")
        async -> (picture: CoverPicture??, drawTook: Duration)
    {
        let answers = LockedValue<[CoverPicture?]>([])
        let options = CoverOptions(
            coverFile: { _ in coverFile }, worker: ["/bin/sh", "-c", script, "sh"], patience: patience)
        let artist = CoverArtist(options: options) { request, picture in
            #expect(request.album == Self.album.id && request.layout == Self.layout)
            answers.withLock { $0.append(picture) }
        }
        let start = ContinuousClock.now
        artist.draw(Self.album, in: Self.layout, cell: (0, 0))
        let drawTook = ContinuousClock.now - start
        _ = await eventually(timeout: .seconds(20)) { answers.withLock { !$0.isEmpty } }
        return (answers.withLock { $0.first }, drawTook)
    }

    @Test func theWorkersAnswerIsThePicture() async {
        // The worker gets the layout, the cell size and the file.
        let run = await answer(
            worker: #"[ "$*" = "4 2 0 0 -- /covers/one.png" ] && printf 'symbols-256 4 2\nab\ncd'"#,
            patience: .seconds(10))
        let picture = run.picture.flatMap { $0 }
        #expect(picture?.mode == .symbols256 && picture?.bytes == Array("ab\ncd".utf8))
    }

    @Test func aHungWorkerIsKilledAndTheDiscGoesWithout() async {
        let started = ContinuousClock.now
        let run = await answer(
            worker: "printf 'symbols-256 4 2\\n'; exec sleep 60", patience: .milliseconds(500))
        #expect(run.picture == .some(nil))
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(run.drawTook < .milliseconds(200))
    }

    @Test func aDiscWithoutAPictureStartsNoWorker() async {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        let run = await answer(worker: "touch '\(marker)'", patience: .seconds(10), coverFile: nil)
        #expect(run.picture == .some(nil))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
