import CDWallyConfig
import CDWallyControl
import CDWallyCore
import CDWallyLibrary
import CDWallySystem
import Glibc

extension PlayerHost {
    /// What starting a player came to: this process is the user's player, or another one
    /// already runs.
    enum Claim {
        case claimed(ClaimedControl)
        case running(RunningPlayer)
    }

    /// The user's player lock and the control socket, held by this process until it ends.
    struct ClaimedControl {
        let server: ControlServer
        let gate: ControlGate
        /// Nil when the state home cannot be written (then neither can the positions).
        let lock: FileLock?

        /// Stops the socket, then lets the next player in: after the last position was saved.
        func release() {
            server.stop()
            lock?.release()
        }
    }

    /// Claims the user's player before anything else starts (one player per user,
    /// docs/PRODUCT.md §5): `player.lock` in the state home first, whatever the runtime
    /// folder, then the control socket, which also finds an older cdwally that holds no
    /// `player.lock`. Requests wait at the gate until the player joins.
    static func claimControl(settings: Settings) throws -> Claim {
        let environment = settings.environment
        let lock: FileLock?
        do throws(AtomicFile.Failure) {
            switch try PlayerLock.claim(stateHome: settings.directories.cdwallyState) {
            case .held(let record):
                let socket =
                    record?.socket.map { RawPath($0) }
                    ?? ControlLink.endpoints(environment: environment)[0].socketPath
                return .running(RunningPlayer(pid: record?.pid, socket: socket))
            case .acquired(let acquired):
                lock = acquired
            }
        } catch {
            // A read-only home or a sandboxed unit: the player plays on without saving
            // positions (as it always did), one per runtime folder through the socket's lock.
            StandardError.emit("cdwally: \(error); only one player per runtime folder is ensured\n")
            lock = nil
        }
        let gate = ControlGate()
        let server: ControlServer
        do throws(ControlError) {
            server = try ControlLink.claim(environment: environment, handler: gate.handle)
        } catch {
            lock?.release()
            if case .alreadyRunning(let pid, let socket) = error {
                return .running(RunningPlayer(pid: pid, socket: socket))
            }
            throw error
        }
        let library = LibraryService.root(of: settings.libraryCandidates.map(\.path))
        lock?.record(
            PlayerLockRecord(
                pid: getpid(), socket: server.endpoint.socketPath.display, library: library?.display
            )
            .bytes)
        return .claimed(ClaimedControl(server: server, gate: gate, lock: lock))
    }
}
