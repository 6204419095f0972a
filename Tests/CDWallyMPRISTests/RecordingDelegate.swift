import CDWallyMPRIS
import CDWallyPlayer
import Synchronization

/// A stand-in for the player: records every command the server passes on and reports a
/// fixed position. `onCommand` lets a test act inside the callback, on the bus thread.
final class RecordingDelegate: MPRISDelegate {
    private let recorded = Mutex<[PlayerCommand]>([])
    private let position: Mutex<Int64>
    private let onCommand: @Sendable (PlayerCommand) -> Void

    init(positionMicroseconds: Int64 = 0, onCommand: @escaping @Sendable (PlayerCommand) -> Void = { _ in }) {
        position = Mutex(positionMicroseconds)
        self.onCommand = onCommand
    }

    var commands: [PlayerCommand] { recorded.withLock { $0 } }

    func setPosition(microseconds: Int64) {
        position.withLock { $0 = microseconds }
    }

    func perform(_ command: PlayerCommand, reply: MPRISReply) {
        recorded.withLock { $0.append(command) }
        onCommand(command)
        reply.succeed()
    }

    func positionMicroseconds() -> Int64 {
        position.withLock { $0 }
    }
}
