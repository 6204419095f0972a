import CDWallyControl
import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary
import Foundation
import Glibc

/// `cdwally status --follow`: one line per change the player sends (docs/PRODUCT.md §6), as
/// `mpc idleloop` does, so a status bar pays start-up once. The player sends a status when
/// anything shown changed and the elapsed time once a second; a line that would read as the
/// one before (a `--format` without the changed part) is not printed again.
///
/// Ends with exit 0 when the player quits ("the player stopped", on stdout so a bar shows
/// it last; on stderr with `--json`, whose stdout holds only JSON), and quietly when stdout's
/// reader goes away (a bar restarted), found by poll even while nothing changes.
enum StatusFollow {
    static func run(json: Bool, render: @escaping (PlayerStatus) -> String) throws {
        // A closed stdout must end the loop through write's EPIPE, not kill it mid-line.
        signal(SIGPIPE, SIG_IGN)
        let client = try ControlLink.connect(environment: ProcessInfo.processInfo.environment)
        var last: String?
        let end = try client.follow(watching: STDOUT_FILENO) { status in
            let line = json ? status.json.serialized(pretty: false) : ShownText.clean(render(status))
            guard line != last else { return true }
            last = line
            return write(line + "\n")
        }
        switch end {
        case .playerStopped:
            if json {
                StandardError.emit("cdwally: the player stopped\n")
            } else {
                _ = write("the player stopped\n")
            }
        case .outputClosed, .stopped:
            return
        case .refused(let failure) where failure.code == .unknownCommand:
            throw CommandFailure(
                message: "the running player is older than `status --follow`; restart it to follow it",
                code: ExitStatus.protocolError)
        case .refused(let failure):
            throw failure
        }
    }

    /// Writes `text` to stdout at once (no stdio buffer: a bar reads each line as it comes);
    /// false when stdout's reader is gone.
    private static func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
    }
}
