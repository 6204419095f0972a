import CDWallyCore
import Foundation
import TestSupport

/// A process that takes the single-instance lock, writes its pid into it and, when
/// `listening`, binds and listens on the socket as a player would. It prints its pid
/// once it holds all that and then sleeps until killed.
final class EndpointHolder {
    let tool: ExternalTool
    let pid: Int32

    init(directory: RawPath, listening: Bool, scratch: URL) async throws {
        let script = """
            import fcntl, os, socket, sys, time
            d = sys.argv[1]
            os.makedirs(d, mode=0o700, exist_ok=True)
            lock = open(os.path.join(d, "control.lock"), "a+")
            fcntl.flock(lock, fcntl.LOCK_EX)
            lock.seek(0); lock.truncate(); lock.write("%d\\n" % os.getpid()); lock.flush()
            if sys.argv[2] == "listen":
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.bind(os.path.join(d, "control.sock")); s.listen(4)
            print(os.getpid(), flush=True)
            time.sleep(600)
            """
        tool = try ExternalTool(
            "python3", ["-c", script, directory.display, listening ? "listen" : "lock"],
            environment: PythonPeer.environment, directory: scratch)
        let deadline = ContinuousClock.now + .seconds(60)
        while Int32(tool.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == nil {
            guard ContinuousClock.now < deadline else {
                tool.kill()
                throw TestFailure("the endpoint holder did not start: \(tool.stderr)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        pid = Int32(tool.stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
    }

    /// SIGKILL, as a power cut or `kill -9` would: nothing is cleaned up.
    func kill() { tool.kill() }

    deinit { tool.kill() }
}
