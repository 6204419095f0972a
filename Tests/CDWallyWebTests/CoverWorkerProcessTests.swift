import Foundation
import Logging
import TestSupport
import Testing

@testable import CDWallyWeb

/// The web remote's side of the cover worker, against workers that misbehave: real child
/// processes (a shell script in the worker's place) that hang or crash on some pictures.
@Suite struct CoverWorkerProcessTests {
    /// Answers a made-up hash per source, hangs on any named `hang`, and crashes on any named
    /// `crash`, the way a decoder fed a hostile picture might.
    static let script = """
        shift 2
        for source in "$@"; do
            case "$source" in
                hang) sleep 60 ;;
                crash) kill -SEGV $$ ;;
                *) echo "$(printf '%s' "$source" | md5sum | cut -c1-32)" ;;
            esac
        done
        """

    private func worker(_ command: [String], patience: Duration = .seconds(1)) -> CoverWorkerProcess {
        var logger = Logger(label: "cdwally.web.test")
        logger.logLevel = .critical
        return CoverWorkerProcess(
            command: command, folder: "/nonexistent", patience: patience, logger: logger)
    }

    @Test func aPictureThatHangsOrCrashesTheWorkerCostsOnlyItsOwnCover() {
        let hashes = worker(["/bin/sh", "-c", Self.script, "worker"]).run(["a", "hang", "b", "crash", "c"])
        #expect(hashes.count == 5)
        #expect(hashes.map { $0 != nil } == [true, false, true, false, true])
        #expect(hashes[0] != hashes[2] && hashes[0]?.count == 32)
    }

    @Test func aWorkerThatCannotStartMakesNoCoverAndEnds() {
        let hashes = worker(["/nonexistent/cdwally", "cover-worker"]).run(["a", "b"])
        #expect(hashes.count == 2 && hashes.allSatisfy { $0 == nil })
    }

    @Test func aWorkerAnswerThatIsNotAHashIsNoCover() {
        let hashes = worker(["/bin/sh", "-c", "shift 2; for s; do echo \"- no picture in $s\"; done", "w"])
            .run(["a", "b"])
        #expect(hashes == [nil, nil])
    }
}
