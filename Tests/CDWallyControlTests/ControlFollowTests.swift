import CDWallySystem
import CDWallyVocabulary
import Foundation
import Testing

@testable import CDWallyControl

/// `follow` on a real server and socket, with the player's side played by the test: what a
/// client that falls behind gets, and how either end ends it.
@Suite(.timeLimit(.minutes(2))) struct ControlFollowTests {
    private static func status(_ number: Int, elapsed: Double = 0) -> PlayerStatus {
        PlayerStatus(state: .playing, disc: nil, track: nil, elapsed: elapsed, trackCount: number)
    }

    /// Keeps the subscriptions the server hands the follower.
    private final class Followers: Sendable {
        let all = LockedValue<[ControlSubscription]>([])
        var follower: ControlServer.Follower {
            { subscription in
                subscription.post(ControlFollowTests.status(0))
                self.all.withLock { $0.append(subscription) }
            }
        }
        func waitForOne() async throws -> ControlSubscription {
            for _ in 0..<500 {
                if let first = all.current.first { return first }
                try await Task.sleep(for: .milliseconds(10))
            }
            throw CancellationError()
        }
    }

    @Test func aClientThatFallsBehindGetsTheNewestNotAQueue() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let followers = Followers()
        let server = try ControlServer.start(
            endpoint: endpoint, follower: followers.follower, handler: RecordingHandler().handler)
        defer { server.stop() }
        let posted = LockedValue(false)
        let reading = Task {
            try await onOwnThread {
                let client = try ControlClient(endpoint: endpoint)
                var numbers: [Int] = []
                let end = try client.follow { status in
                    // After the first, reads nothing until the player's side posted everything.
                    if numbers.isEmpty { while !posted.current { usleep(10_000) } }
                    numbers.append(status.trackCount)
                    return status.trackCount != 20_000
                }
                return (numbers, end)
            }
        }
        let subscription = try await followers.waitForOne()

        // The player's side posts far more than the client reads, and never waits for it.
        let started = ContinuousClock.now
        for number in 1...20_000 { subscription.post(Self.status(number)) }
        #expect(ContinuousClock.now - started < .seconds(5))
        posted.set(true)
        let received = try await reading.value
        #expect(received.0.first == 0)
        #expect(received.1 == .stopped)
        // What the kernel held when the client came back, then the newest: a few dozen lines.
        #expect(received.0.last == 20_000)
        #expect(received.0.count < 300, "\(received.0.count) lines")
        #expect(received.0 == received.0.sorted())
    }

    @Test func thePositionCountsInWholeSecondsAndEitherEndEndsIt() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let followers = Followers()
        let server = try ControlServer.start(
            endpoint: endpoint, follower: followers.follower, handler: RecordingHandler().handler)
        defer { server.stop() }

        // The player ends: the client hears the end of the stream.
        let heard = Task {
            try await onOwnThread {
                let client = try ControlClient(endpoint: endpoint)
                var seen: [Double] = []
                let end = try client.follow { status in
                    seen.append(status.elapsed)
                    return true
                }
                return (seen, end)
            }
        }
        let subscription = try await followers.waitForOne()
        for elapsed in [0.2, 0.5, 0.99, 1.0, 1.7, 2.01] {
            subscription.post(Self.status(0, elapsed: elapsed))
            try await Task.sleep(for: .milliseconds(30))
        }
        subscription.end()
        let (seen, end) = try await heard.value
        #expect(end == .playerStopped)
        #expect(seen == [0, 1.0, 2.01])

        // The client goes: the player's side is told, and posting afterwards does nothing.
        let second = try await onOwnThread { () -> Bool in
            let client = try ControlClient(endpoint: endpoint)
            _ = try client.send(.follow)
            return true
        }
        #expect(second)
        let gone = try #require(followers.all.current.last)
        let told = LockedValue(false)
        gone.onCancel { told.set(true) }
        for _ in 0..<200 where !told.current { try await Task.sleep(for: .milliseconds(10)) }
        #expect(told.current && gone.isCancelled)
        gone.post(Self.status(9))
    }

    @Test func aServerWithoutAFollowerAnswersAsAnOlderPlayer() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let server = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        defer { server.stop() }
        let end = try await onOwnThread { try ControlClient(endpoint: endpoint).follow { _ in true } }
        guard case .refused(let failure) = end else {
            Issue.record("follow was not refused: \(end)")
            return
        }
        #expect(failure.code == .unknownCommand)
    }
}
