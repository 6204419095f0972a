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
        /// The state home's `player.lock`, and the default state home's when the environment
        /// moved it; none when they cannot be written (then neither can the positions).
        let locks: [FileLock]

        /// Stops the socket, then lets the next player in: after the last position was saved.
        func release() {
            server.stop()
            for lock in locks { lock.release() }
        }
    }

    /// Claims the user's player before anything else starts (one player per user,
    /// docs/PRODUCT.md §5 and §9): `player.lock` in the state home first, whatever the runtime
    /// folder; when `XDG_STATE_HOME` moves the state home, the default one's too, so a player
    /// started with other XDG folders (a system unit, cron) still finds this one; then the
    /// control socket, which also finds an older cdwally that holds no `player.lock`.
    /// Requests wait at the gate until the player joins.
    static func claimControl(settings: Settings) throws -> Claim {
        let environment = settings.environment
        var locks: [FileLock] = []
        var homes = [settings.directories.cdwallyState]
        if settings.directories.defaultCdwallyState != homes[0] {
            homes.append(settings.directories.defaultCdwallyState)
        }
        for (index, home) in homes.enumerated() {
            do throws(AtomicFile.Failure) {
                switch try PlayerLock.claim(stateHome: home) {
                case .held(let record):
                    for lock in locks { lock.release() }
                    let socket =
                        record?.socket.map { RawPath($0) }
                        ?? ControlLink.endpoints(environment: environment)[0].socketPath
                    return .running(RunningPlayer(pid: record?.pid, socket: socket))
                case .acquired(let acquired):
                    locks.append(acquired)
                }
            } catch {
                // A read-only home or a sandboxed unit: the player plays on without saving
                // positions (as it always did), one per runtime folder through the socket's
                // lock. The default home is only a meeting point: unwritable, it is skipped.
                if index == 0 {
                    StandardError.emit("cdwally: \(error); only one player per runtime folder is ensured\n")
                }
            }
        }
        let gate = ControlGate()
        let server: ControlServer
        do throws(ControlError) {
            server = try ControlLink.claim(
                environment: environment, follower: gate.follow, printer: QuickControl.printer,
                handler: gate.handle)
        } catch {
            for lock in locks { lock.release() }
            if case .alreadyRunning(let pid, let socket) = error {
                return .running(RunningPlayer(pid: pid, socket: socket))
            }
            throw error
        }
        let library = LibraryService.root(of: settings.libraryCandidates.map(\.path))
        let record = PlayerLockRecord(
            pid: getpid(), socket: server.endpoint.socketPath.display, library: library?.display)
        for lock in locks { lock.record(record.bytes) }
        return .claimed(ClaimedControl(server: server, gate: gate, locks: locks))
    }
}
