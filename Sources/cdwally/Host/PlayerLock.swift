import CDWallyControl
import CDWallyCore
import CDWallySystem
import Foundation

/// One player per user, whatever its runtime folder: an exclusive `flock` on
/// `$XDG_STATE_HOME/cdwally/player.lock`, beside the libraries' state folders it protects,
/// held by `play` and `serve` for their whole life. The control socket's own lock only
/// covers one runtime folder, and cron or a unit without `XDG_RUNTIME_DIR` has another.
///
/// The holder records where it listens (`PlayerLockRecord`), so a second `play N` finds it
/// wherever it is and hands its disc over, and `cdwally next` from a shell without the
/// same runtime folder still reaches it. A `FileLock`: never removed; the kernel drops it
/// when the holder dies, so kill -9 leaves no stale lock, only a stale record that nobody
/// answers at.
enum PlayerLock {
    static let fileName = "player.lock"

    /// What claiming it gave.
    enum Claim {
        case acquired(FileLock)
        case held(PlayerLockRecord?)
    }

    static func path(stateHome: String) -> RawPath {
        RawPath(stateHome).appending(fileName)
    }

    /// Tries the lock in `stateHome` (`$XDG_STATE_HOME/cdwally`, created 0700 if missing).
    /// A holder that has not yet said where it listens is starting (or ending): it gets a
    /// short grace to say it before the answer is "held" with what it recorded.
    static func claim(stateHome: String) throws(AtomicFile.Failure) -> Claim {
        try AtomicFile.makeDirectory(RawPath(stateHome))
        let deadline = ContinuousClock.now + .seconds(2)
        while true {
            switch try FileLock.attempt(path(stateHome: stateHome)) {
            case .acquired(let lock):
                return .acquired(lock)
            case .held(let bytes):
                let record = PlayerLockRecord(bytes: bytes)
                if record?.socket != nil || ContinuousClock.now >= deadline { return .held(record) }
                usleep(20_000)
            }
        }
    }

    /// The socket the last holder recorded, without locking: for commands that only talk
    /// to the player. A dead holder's socket answers nobody, which they notice.
    static func recordedSocket(stateHome: String) -> RawPath? {
        guard let bytes = try? AtomicFile.contents(of: path(stateHome: stateHome)) else { return nil }
        return PlayerLockRecord(bytes: bytes)?.socket.map { RawPath($0) }
    }
}
