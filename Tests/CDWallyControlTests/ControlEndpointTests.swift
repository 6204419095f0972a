import CDWallyCore
import Foundation
import Glibc
import Testing

@testable import CDWallyControl

/// Where the socket lives, and the private folder around it.
@Suite(.timeLimit(.minutes(2))) struct ControlEndpointTests {
    @Test func theRuntimeDirectoryHoldsTheSocketElseAFolderInTmp() {
        let runtime = ControlEndpoint.forCurrentUser(runtimeDirectory: "/run/user/1000")
        #expect(runtime.socketPath == RawPath("/run/user/1000/cdwally/control.sock"))
        #expect(runtime.lockPath == RawPath("/run/user/1000/cdwally/control.lock"))
        let fallback = RawPath("/tmp/cdwally-\(geteuid())/control.sock")
        // Unset, empty and relative values all mean "no runtime directory" (XDG spec).
        for value in [nil, "", "run/user/1000"] {
            #expect(ControlEndpoint.forCurrentUser(runtimeDirectory: value).socketPath == fallback)
        }
        #expect(
            ControlEndpoint.forCurrentUser(runtimeDirectory: nil, temporaryDirectory: RawPath("/var/tmp"))
                .directory
                == RawPath("/var/tmp/cdwally-\(geteuid())"))
    }

    @Test func theSocketIs0600InAFolderMade0700() throws {
        let sandbox = try ControlSandbox()
        let server = try ControlServer.start(endpoint: sandbox.endpoint, handler: RecordingHandler().handler)
        defer { server.stop() }

        let folder = try #require(ControlSandbox.attributes(of: sandbox.endpoint.directory))
        #expect(folder.mode == 0o700)
        #expect(folder.uid == geteuid())
        let socket = try #require(ControlSandbox.attributes(of: sandbox.endpoint.socketPath))
        #expect(socket.isSocket)
        #expect(socket.mode == 0o600)
        #expect(ControlSandbox.attributes(of: sandbox.endpoint.lockPath)?.mode == 0o600)
    }

    @Test func anExistingPrivateFolderIsUsed() throws {
        let sandbox = try ControlSandbox()
        #expect(mkdir(sandbox.endpoint.directory.display, 0o700) == 0)
        let server = try ControlServer.start(endpoint: sandbox.endpoint, handler: RecordingHandler().handler)
        server.stop()
    }

    @Test(arguments: [0o755, 0o750, 0o701, 0o1777] as [mode_t])
    func aFolderOthersMayEnterIsRefusedAndLeftAsItIs(mode: mode_t) throws {
        let sandbox = try ControlSandbox()
        let folder = sandbox.endpoint.directory
        #expect(mkdir(folder.display, 0o700) == 0)
        #expect(chmod(folder.display, mode) == 0)

        #expect {
            _ = try ControlServer.start(endpoint: sandbox.endpoint, handler: RecordingHandler().handler)
        } throws: { error in
            guard case .unsafeDirectory(let path, let reason)? = error as? ControlError else { return false }
            return path == folder && reason.contains(String(mode, radix: 8))
        }
        // A client does not trust it either.
        #expect(throws: ControlError.self) { try ControlClient.send(.status, endpoint: sandbox.endpoint) }
        #expect(ControlSandbox.attributes(of: folder)?.mode == mode)
        #expect(ControlSandbox.attributes(of: sandbox.endpoint.lockPath) == nil)
        #expect(ControlSandbox.attributes(of: sandbox.endpoint.socketPath) == nil)
    }

    @Test(.enabled(if: geteuid() == 0, "only root can make a folder that belongs to someone else"))
    func aFolderOfAnotherUserIsRefusedAndLeftAsItIs() throws {
        let sandbox = try ControlSandbox()
        let folder = sandbox.endpoint.directory
        #expect(mkdir(folder.display, 0o700) == 0)
        #expect(chown(folder.display, 65534, 65534) == 0)

        #expect {
            _ = try ControlServer.start(endpoint: sandbox.endpoint, handler: RecordingHandler().handler)
        } throws: { error in
            guard case .unsafeDirectory(_, let reason)? = error as? ControlError else { return false }
            return reason.contains("65534")
        }
        let after = try #require(ControlSandbox.attributes(of: folder))
        #expect(after.uid == 65534)
        #expect(after.mode == 0o700)
        #expect(ControlSandbox.attributes(of: sandbox.endpoint.lockPath) == nil)
    }

    @Test func aSymbolicLinkInPlaceOfTheFolderIsRefused() throws {
        let sandbox = try ControlSandbox()
        let target = sandbox.root.appending("elsewhere")
        #expect(mkdir(target.display, 0o700) == 0)
        #expect(symlink(target.display, sandbox.endpoint.directory.display) == 0)
        #expect {
            _ = try ControlServer.start(endpoint: sandbox.endpoint, handler: RecordingHandler().handler)
        } throws: { error in
            guard case .unsafeDirectory(_, let reason)? = error as? ControlError else { return false }
            return reason.contains("symbolic link")
        }
        #expect(ControlSandbox.attributes(of: target.appending("control.lock")) == nil)
    }

    @Test func withNoFolderOrNoSocketThereIsNoPlayer() throws {
        let sandbox = try ControlSandbox()
        let expected = ControlError.noPlayer(socket: sandbox.endpoint.socketPath)
        #expect(throws: expected) { try ControlClient.send(.status, endpoint: sandbox.endpoint) }
        #expect(mkdir(sandbox.endpoint.directory.display, 0o700) == 0)
        #expect(throws: expected) { try ControlClient.send(.status, endpoint: sandbox.endpoint) }
        // The message tells the user how to start a player, on one line.
        #expect(expected.description.contains("cdwally play"))
        #expect(expected.description.contains("cdwally serve"))
        #expect(!expected.description.contains("\n"))
    }

    @Test func aMissingRuntimeDirectoryIsAClearError() throws {
        let sandbox = try ControlSandbox()
        let endpoint = ControlEndpoint.forCurrentUser(
            runtimeDirectory: sandbox.root.appending("gone").display)
        #expect {
            _ = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        } throws: { error in
            guard case .systemCallFailed("mkdir", let path?, _)? = error as? ControlError else {
                return false
            }
            return path == endpoint.directory
        }
    }

    @Test func aSocketPathTooLongForTheKernelIsAClearError() throws {
        let sandbox = try ControlSandbox()
        let deep = sandbox.root.appending(String(repeating: "d", count: 100))
        #expect(mkdir(deep.display, 0o755) == 0)
        let endpoint = ControlEndpoint.forCurrentUser(runtimeDirectory: deep.display)
        #expect(throws: ControlError.socketPathTooLong(endpoint.socketPath)) {
            _ = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        }
        #expect(throws: ControlError.socketPathTooLong(endpoint.socketPath)) {
            try ControlClient.send(.status, endpoint: endpoint)
        }
    }

    @Test func everyErrorIsOneLine() {
        let path = RawPath("/run/user/1000/cdwally/control.sock")
        let errors: [ControlError] = [
            .noPlayer(socket: path), .permissionDenied(path: path),
            .timeout(socket: path, after: .seconds(15)),
            .protocolError(reason: "the answer is not valid JSON"), .alreadyRunning(pid: 4242, socket: path),
            .alreadyRunning(pid: nil, socket: path), .unsafeDirectory(path: path, reason: "its mode is 755"),
            .socketPathTooLong(path), .systemCallFailed(call: "bind", path: path, message: "No space left"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(error)")
        }
        #expect(ControlError.alreadyRunning(pid: 4242, socket: path).description.contains("pid 4242"))
        #expect(ControlError.timeout(socket: path, after: .milliseconds(2500)).description.contains("2.5 s"))
    }
}
