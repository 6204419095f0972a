import CDWallySystem
import Foundation
import Synchronization
import Testing

/// The pool for blocking work: async callers await it, synchronous ones start work and collect
/// it later, and neither waits on a thread of Swift's cooperative pool.
@Suite struct BlockingPoolTests {
    @Test func anAwaitedJobRunsOnAPoolThreadAndGivesBackWhatItThrew() async throws {
        let pool = BlockingPool(threads: 1, name: "test-blocking")
        // The kernel's name of the thread it ran on.
        let name = try await pool.run {
            try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
                .trimmingCharacters(in: .newlines)
        }
        #expect(name == "test-blocking-1")
        struct Refused: Error {}
        await #expect(throws: Refused.self) { try await pool.run { () throws -> Int in throw Refused() } }
    }

    /// A scan reads the next batch while it stores the last: the work runs meanwhile, and its
    /// result waits for whoever started it, as often as it is asked for.
    @Test func startedWorkRunsWhileTheStarterGoesOnAndIsCollectedOnce() {
        let pool = BlockingPool(threads: 2, name: "test-background")
        let gate = Atomic<Bool>(false)
        let pending = pool.start { () -> Int in
            while !gate.load(ordering: .acquiring) { usleep(1000) }
            return 42
        }
        // The starter goes on (it would hang here were the work run in place).
        gate.store(true, ordering: .releasing)
        #expect(pending.value() == 42)
        #expect(pending.value() == 42)
    }

    /// More work than threads waits its turn, in order, and none is lost.
    @Test func moreWorkThanThreadsIsDoneInTurn() {
        let pool = BlockingPool(threads: 2, name: "test-turns")
        let started = (0..<20).map { number in
            pool.start { () -> Int in
                usleep(2000)
                return number * number
            }
        }
        #expect(started.map { $0.value() } == (0..<20).map { $0 * $0 })
    }
}
