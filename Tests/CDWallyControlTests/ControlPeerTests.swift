import CDWallyCore
import Foundation
import Glibc
import TestSupport
import Testing

@testable import CDWallyControl

/// A client of another user cannot control the player: the 0700 folder and the 0600
/// socket refuse it, and if those were loosened, the SO_PEERCRED check still drops it.
/// The client is a real process run as `nobody`.
@Suite(
    .timeLimit(.minutes(2)),
    .enabled(if: PythonPeer.canRunAsAnotherUser, "needs root, /usr/bin/setpriv and /usr/bin/python3"))
struct ControlPeerTests {
    @Test func anotherUserIsRefusedAtConnect() async throws {
        let sandbox = try ControlSandbox()
        let recorder = RecordingHandler()
        let server = try ControlServer.start(endpoint: sandbox.endpoint, handler: recorder.handler)
        defer { server.stop() }

        let outcome = try await PythonPeer.connectAsNobody(
            to: sandbox.endpoint.socketPath, directory: sandbox.url)
        #expect(outcome == "EACCES")
        #expect(recorder.requests.isEmpty)
    }

    @Test func anotherUserThatGetsThroughIsDroppedUnanswered() async throws {
        let sandbox = try ControlSandbox()
        let log = LogRecorder()
        let recorder = RecordingHandler()
        let server = try ControlServer.start(
            endpoint: sandbox.endpoint, logger: log.logger, handler: recorder.handler)
        defer { server.stop() }
        // As if someone had opened the folder and the socket to everyone.
        #expect(chmod(sandbox.endpoint.directory.display, 0o711) == 0)
        #expect(chmod(sandbox.endpoint.socketPath.display, 0o666) == 0)

        let outcome = try await PythonPeer.connectAsNobody(
            to: sandbox.endpoint.socketPath, directory: sandbox.url)
        #expect(outcome == "DROPPED")
        #expect(recorder.requests.isEmpty)
        #expect(log.warnings.contains { $0.contains("uid 65534") })
        // Our own user is still served, once the folder is private again (a client does not
        // trust an open one).
        #expect(chmod(sandbox.endpoint.directory.display, 0o700) == 0)
        let endpoint = sandbox.endpoint
        let answer = try await onOwnThread { try ControlClient.send(.status, endpoint: endpoint) }
        #expect(answer == .ok(RecordingHandler.status))
    }
}
