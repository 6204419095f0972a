import CDWallySystem
import Foundation
import Synchronization
import Testing

/// The player's one state writer: in order, one coalescing rule, one flush.
@Suite struct StateWriterTests {
    /// While a slow write holds the writer (an SD card's fsync), saves of the same file queue as
    /// one, written after everything asked before it; writes without a key all run.
    @Test func aWaitingWriteOfTheSameFileIsReplacedByTheNextAtTheEndOfTheLine() {
        let writer = StateWriter(name: "test-state")
        let log = Mutex<[String]>([])
        let held = Atomic<Bool>(true)
        writer.write { while held.load(ordering: .acquiring) { usleep(1000) } }
        writer.write(key: "resume.json") { log.withLock { $0.append("resume 1") } }
        writer.write { log.withLock { $0.append("listen A") } }
        writer.write(key: "volume.json") { log.withLock { $0.append("volume") } }
        writer.write(key: "resume.json") { log.withLock { $0.append("resume 2") } }
        writer.write { log.withLock { $0.append("listen B") } }
        held.store(false, ordering: .releasing)
        writer.sync {}
        #expect(log.withLock { $0 } == ["listen A", "volume", "resume 2", "listen B"])
    }

    @Test func syncReturnsWhatItRanAfterEveryWriteBefore() {
        let writer = StateWriter(name: "test-sync")
        let count = Atomic<Int>(0)
        for _ in 0..<100 { writer.write { count.add(1, ordering: .relaxed) } }
        #expect(writer.sync { count.load(ordering: .relaxed) } == 100)
    }
}
