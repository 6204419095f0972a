import CDWallyMPRIS
import Synchronization

/// A stand-in for the player: records every command the server passes on and reports a
/// fixed position. `onCommand` lets a test act inside the callback, on the bus thread.
final class RecordingDelegate: MPRISDelegate {
    private let recorded = Mutex<[MPRISCommand]>([])
    private let position: Mutex<Int64>
    private let onCommand: @Sendable (MPRISCommand) -> Void

    init(positionMicroseconds: Int64 = 0, onCommand: @escaping @Sendable (MPRISCommand) -> Void = { _ in }) {
        position = Mutex(positionMicroseconds)
        self.onCommand = onCommand
    }

    var commands: [MPRISCommand] { recorded.withLock { $0 } }

    func setPosition(microseconds: Int64) {
        position.withLock { $0 = microseconds }
    }

    func perform(_ command: MPRISCommand, reply: MPRISReply) {
        recorded.withLock { $0.append(command) }
        onCommand(command)
        reply.succeed()
    }

    func positionMicroseconds() -> Int64 {
        position.withLock { $0 }
    }
}
