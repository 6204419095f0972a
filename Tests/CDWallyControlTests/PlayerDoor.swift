import CDWallyControl
import CDWallyPlayer
import CDWallyVocabulary

/// The host's door for a test that runs a bare player: commands straight into its mailbox,
/// `quit` to `onQuit` (nothing, unless the test says).
struct PlayerDoor: PlayerInbox {
    let player: Player
    var onQuit: @Sendable () -> Void = {}

    func send(_ command: PlayerCommand, reply: @escaping PlayerReply) {
        player.send(command, reply: reply)
    }

    /// What `cdwally serve` wires up to its control socket, over this door.
    var handler: ControlServer.Handler {
        let responder = ControlResponder(view: player, inbox: self, quit: onQuit)
        return { request, answer in responder.respond(to: request, answer: answer) }
    }
}
