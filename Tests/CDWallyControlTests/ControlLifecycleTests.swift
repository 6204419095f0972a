import CDWallyCore
import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

@testable import CDWallyControl

/// One player per user: claiming the endpoint, refusing a second player, replacing what a
/// dead one left behind, and stopping cleanly.
@Suite(.timeLimit(.minutes(2))) struct ControlLifecycleTests {
    @Test func aSecondServerIsRefusedWithTheFirstOnesPid() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let first = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        defer { first.stop() }

        #expect(throws: ControlError.alreadyRunning(pid: getpid(), socket: endpoint.socketPath)) {
            _ = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        }
        // The refused one left the first one's socket alone.
        let answer = try await onOwnThread { try ControlClient.send(.status, endpoint: endpoint) }
        #expect(answer == .ok(RecordingHandler.status))
    }

    @Test func ofServersStartingTogetherExactlyOneWins() throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let outcomes = Mutex<[Result<ControlServer, ControlError>]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let outcome = Result { () throws(ControlError) in
                try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
            }
            outcomes.withLock { $0.append(outcome) }
        }
        let all = outcomes.withLock { $0 }
        let winners = all.compactMap { try? $0.get() }
        defer { for winner in winners { winner.stop() } }
        #expect(winners.count == 1)
        for case .failure(let error) in all {
            #expect(error == .alreadyRunning(pid: getpid(), socket: endpoint.socketPath))
        }
    }

    @Test func aStaleSocketMeansNoPlayerAndIsReplaced() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        try sandbox.leaveStaleSocket()
        #expect(ControlSandbox.attributes(of: endpoint.socketPath)?.isSocket == true)
        #expect(throws: ControlError.noPlayer(socket: endpoint.socketPath)) {
            try ControlClient.send(.status, endpoint: endpoint)
        }

        let server = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        defer { server.stop() }
        let answer = try await onOwnThread { try ControlClient.send(.status, endpoint: endpoint) }
        #expect(answer == .ok(RecordingHandler.status))
    }

    @Test func aPlainFileWhereTheSocketBelongsIsReplaced() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        try FileManager.default.createDirectory(
            atPath: endpoint.directory.display, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        try Data("left over".utf8).write(to: URL(fileURLWithPath: endpoint.socketPath.display))
        #expect(throws: ControlError.noPlayer(socket: endpoint.socketPath)) {
            try ControlClient.send(.status, endpoint: endpoint)
        }

        let server = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        defer { server.stop() }
        #expect(ControlSandbox.attributes(of: endpoint.socketPath)?.isSocket == true)
        let answer = try await onOwnThread { try ControlClient.send(.status, endpoint: endpoint) }
        #expect(answer == .ok(RecordingHandler.status))
    }

    @Test func aFolderWhereTheSocketBelongsIsRefused() throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        try FileManager.default.createDirectory(
            atPath: endpoint.socketPath.display, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        chmod(endpoint.directory.display, 0o700)
        #expect(throws: ControlError.self) {
            _ = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        }
        // The refused start released the lock: with the folder gone, the next one starts.
        try FileManager.default.removeItem(atPath: endpoint.socketPath.display)
        let server = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        server.stop()
    }

    @Test(.enabled(if: PythonPeer.isAvailable, "needs /usr/bin/python3 to stand in for a player"))
    func aPlayerKilledWithoutCleanupIsRefusedWhileAliveAndReplacedOnceDead() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let other = try await EndpointHolder(
            directory: endpoint.directory, listening: true, scratch: sandbox.url)
        #expect(other.pid != getpid())
        #expect(throws: ControlError.alreadyRunning(pid: other.pid, socket: endpoint.socketPath)) {
            _ = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        }

        other.kill()
        #expect(
            ControlSandbox.attributes(of: endpoint.socketPath)?.isSocket == true, "kill -9 leaves the socket")
        let server = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        defer { server.stop() }
        let answer = try await onOwnThread { try ControlClient.send(.status, endpoint: endpoint) }
        #expect(answer == .ok(RecordingHandler.status))
    }

    @Test(.enabled(if: PythonPeer.isAvailable, "needs /usr/bin/python3 to hold the lock"))
    func aPlayerStillStartingIsNamedByThePidInTheLock() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        // It holds the lock but has no socket yet: its pid comes from the lock file.
        let other = try await EndpointHolder(
            directory: endpoint.directory, listening: false, scratch: sandbox.url)
        defer { other.kill() }
        #expect(throws: ControlError.alreadyRunning(pid: other.pid, socket: endpoint.socketPath)) {
            _ = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        }
    }

    @Test func stopRemovesTheSocketAndFreesTheEndpoint() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let server = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        #expect(ControlSandbox.attributes(of: endpoint.socketPath) != nil)

        server.stop()
        #expect(ControlSandbox.attributes(of: endpoint.socketPath) == nil)
        #expect(ControlSandbox.attributes(of: endpoint.lockPath) != nil, "the lock file stays")
        #expect(throws: ControlError.noPlayer(socket: endpoint.socketPath)) {
            try ControlClient.send(.status, endpoint: endpoint)
        }
        server.stop()

        let next = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        let answer = try await onOwnThread { try ControlClient.send(.status, endpoint: endpoint) }
        #expect(answer == .ok(RecordingHandler.status))
        next.stop()
    }

    @Test func droppingTheServerStopsIt() throws {
        let sandbox = try ControlSandbox()
        do {
            _ = try ControlServer.start(endpoint: sandbox.endpoint, handler: RecordingHandler().handler)
        }
        #expect(ControlSandbox.attributes(of: sandbox.endpoint.socketPath) == nil)
        let next = try ControlServer.start(endpoint: sandbox.endpoint, handler: RecordingHandler().handler)
        next.stop()
    }

    @Test func stopLeavesASocketThatIsNoLongerOurs() throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let server = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        // Someone replaced the socket behind our back (a new inode at the same path).
        let replacement = endpoint.directory.appending("replacement.sock")
        let other = try UnixSocket.stream()
        try other.bind(to: replacement)
        #expect(rename(replacement.display, endpoint.socketPath.display) == 0)

        server.stop()
        #expect(ControlSandbox.attributes(of: endpoint.socketPath)?.isSocket == true)
        other.close()
    }

    @Test func aRequestInTheHandlerIsAnsweredAfterStop() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let recorder = RecordingHandler(holding: .command(.pause))
        let server = try ControlServer.start(endpoint: endpoint, handler: recorder.handler)
        let pending = Task {
            try await onOwnThread { try ControlClient.send(.command(.pause), endpoint: endpoint) }
        }
        #expect(await eventually { recorder.waiting == 1 })

        server.stop()
        #expect(ControlSandbox.attributes(of: endpoint.socketPath) == nil)
        recorder.release()
        #expect(try await pending.value == .ok(RecordingHandler.status))
    }

    @Test func theHandlerMayStopTheServer() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let box = Mutex<ControlServer?>(nil)
        // What the player does on `quit`: answer, and take the socket down.
        let server = try ControlServer.start(endpoint: endpoint) { request, answer in
            if request == .quit { box.withLock { $0 }?.stop() }
            answer(.ok(RecordingHandler.status))
        }
        box.withLock { $0 = server }

        let answer = try await onOwnThread { try ControlClient.send(.quit, endpoint: endpoint) }
        #expect(answer == .ok(RecordingHandler.status))
        #expect(ControlSandbox.attributes(of: endpoint.socketPath) == nil)
        box.withLock { $0 = nil }
    }
}
