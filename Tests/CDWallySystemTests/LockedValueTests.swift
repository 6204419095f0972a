import CDWallySystem
import Dispatch
import Testing

/// `LockedValue`, the one lock type. Counting from many threads checks, without a sanitizer,
/// that no update is lost, and under ThreadSanitizer (`Scripts/sanitize thread`) that TSan
/// sees the lock: with one it cannot see, every update is a reported race.
@Suite struct LockedValueTests {
    @Test func threadsCountingUnderTheLockLoseNoUpdate() {
        // Long enough that the threads overlap: the iterations are handed out in order, which
        // TSan sees, so short ones that never overlapped would pass with any lock.
        let count = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50_000 {
                count.withLock { $0 += 1 }
            }
        }
        #expect(count.current == 200_000)
    }

    @Test func aThrowingBodyLeavesTheValueUnlocked() {
        struct Refused: Error {}
        let value = LockedValue(1)
        #expect(throws: Refused.self) {
            try value.withLock { (number: inout Int) throws(Refused) in
                number = 2
                throw Refused()
            }
        }
        // Locking again on this thread would trap if the throw had left the lock held.
        #expect(value.withLock { $0 } == 2)
    }
}
