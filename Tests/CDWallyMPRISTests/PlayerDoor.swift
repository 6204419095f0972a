import CDWallyPlayer
import CDWallyVocabulary

/// The host's door for a test that runs a bare player: commands straight into its mailbox.
struct PlayerDoor: PlayerInbox {
    let player: Player

    func send(_ command: PlayerCommand, reply: @escaping PlayerReply) {
        player.send(command, reply: reply)
    }
}
