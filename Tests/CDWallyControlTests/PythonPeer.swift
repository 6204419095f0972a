import CDWallyCore
import Foundation
import Glibc
import TestSupport

/// A real client process run as another user (`nobody`), written in Python because the
/// machine has it and no socat.
enum PythonPeer {
    static let python = "/usr/bin/python3"
    static let setpriv = "/usr/bin/setpriv"
    static let environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]

    static var canRunAsAnotherUser: Bool {
        geteuid() == 0 && FileManager.default.isExecutableFile(atPath: python)
            && FileManager.default.isExecutableFile(atPath: setpriv)
    }

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: python) }

    /// Connects as `nobody` and asks for the status. Prints EACCES (refused at connect),
    /// DROPPED (connected, then closed without an answer), ANSWERED, or what else happened.
    static func connectAsNobody(to socket: RawPath, directory: URL) async throws -> String {
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(30)
            try:
                s.connect(sys.argv[1])
            except PermissionError:
                print("EACCES"); sys.exit(0)
            except OSError as e:
                print("connect failed:", e); sys.exit(0)
            try:
                s.sendall(b'{"version":1,"command":"status"}\\n')
                data = s.recv(65536)
            except (ConnectionResetError, BrokenPipeError):
                data = b''
            except socket.timeout:
                print("TIMEOUT"); sys.exit(0)
            print("ANSWERED" if data else "DROPPED")
            """
        let tool = try ExternalTool(
            "setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", python, "-c", script, socket.display],
            environment: environment, directory: directory)
        try await tool.waitForExit(timeout: .seconds(60))
        return tool.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + tool.stderr
    }
}
