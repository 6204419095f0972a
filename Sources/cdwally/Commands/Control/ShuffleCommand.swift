import ArgumentParser
import CDWallyControl
import CDWallyPlayer
import CDWallyVocabulary

struct ShuffleCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: PlayerVerb.shuffle.name, abstract: PlayerVerb.shuffle.abstract,
        discussion: """
            The track playing goes on and the others follow in the drawn order. Another disc, \
            or a new player, plays in the album's order again.
            """)

    @OptionGroup var options: ControlOptions

    @Argument(help: ArgumentHelp("on or off; without it, a toggle.", valueName: "on|off"))
    var setting: String?

    func validate() throws {
        if let setting, !["on", "off"].contains(setting) {
            throw ValidationError("shuffle takes on or off, or nothing to toggle.")
        }
    }

    var request: ControlRequest? {
        .command(.shuffle(setting.map { $0 == "on" }))
    }

    func render(_ status: PlayerStatus) -> String {
        status.shuffle ? "Shuffle on" : "Shuffle off"
    }
}
