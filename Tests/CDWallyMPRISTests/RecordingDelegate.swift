import CDWallyMPRIS
import CDWallyVocabulary
import Synchronization

/// A stand-in for the host: records every command the server passes on, counts `Quit`s and
/// reports a fixed position. `onCommand` and `onQuit` let a test act inside the callback, on
/// the bus thread.
final class RecordingDelegate: MPRISDelegate {
    private let recorded = Mutex<[PlayerCommand]>([])
    private let quitCount = Mutex(0)
    private let position: Mutex<Int64>
    private let onCommand: @Sendable (PlayerCommand) -> Void
    private let onQuit: @Sendable () -> Void

    init(
        positionMicroseconds: Int64 = 0, onCommand: @escaping @Sendable (PlayerCommand) -> Void = { _ in },
        onQuit: @escaping @Sendable () -> Void = {}
    ) {
        position = Mutex(positionMicroseconds)
        self.onCommand = onCommand
        self.onQuit = onQuit
    }

    var commands: [PlayerCommand] { recorded.withLock { $0 } }
    var quits: Int { quitCount.withLock { $0 } }

    func setPosition(microseconds: Int64) {
        position.withLock { $0 = microseconds }
    }

    func perform(_ command: PlayerCommand, reply: MPRISReply) {
        recorded.withLock { $0.append(command) }
        onCommand(command)
        reply.succeed()
    }

    func quit(reply: MPRISReply) {
        quitCount.withLock { $0 += 1 }
        onQuit()
        reply.succeed()
    }

    func positionMicroseconds() -> Int64 {
        position.withLock { $0 }
    }
}
