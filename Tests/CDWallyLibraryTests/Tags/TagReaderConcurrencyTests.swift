import CDWallyCore
import Foundation
import Testing

@testable import CDWallyLibrary

@Suite("TagReader on several threads at once")
struct TagReaderConcurrencyTests {
    /// What one read gave, comparable across threads.
    enum Outcome: Equatable {
        case tags(TrackTags, cover: CoverArt?)
        case failed(TagReadError)
    }

    static let names = Fixtures.audioFiles + Fixtures.brokenFiles

    static func readAll(with reader: TagReader) -> [Outcome] {
        names.map { name in
            let path = Fixtures.path(name)
            do throws(TagReadError) {
                return .tags(try reader.read(path), cover: try reader.cover(path))
            } catch {
                return .failed(error)
            }
        }
    }

    /// Collects each thread's results; written under the lock, from the worker threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [[Outcome]] = []

        func append(_ outcome: [Outcome]) {
            lock.lock()
            defer { lock.unlock() }
            outcomes.append(outcome)
        }

        var all: [[Outcome]] {
            lock.lock()
            defer { lock.unlock() }
            return outcomes
        }
    }

    @Test("many files on six threads give what one thread gives")
    func matchesSerialReads() throws {
        let reader = TagReader()
        let serial = Self.readAll(with: reader)
        #expect(serial.count == Self.names.count)

        let threads = 6
        let rounds = 25
        let results = Results()
        let finished = DispatchGroup()
        for _ in 0..<threads {
            finished.enter()
            // Real threads, not the cooperative pool, so that reads truly overlap.
            let thread = Thread {
                for _ in 0..<rounds { results.append(Self.readAll(with: reader)) }
                finished.leave()
            }
            thread.start()
        }
        // Generous: a loaded two-core machine may take a while.
        #expect(finished.wait(timeout: .now() + 300) == .success)

        let all = results.all
        #expect(all.count == threads * rounds)
        for (index, outcome) in all.enumerated() where outcome != serial {
            Issue.record("run \(index) differs from the serial read")
        }
    }
}
