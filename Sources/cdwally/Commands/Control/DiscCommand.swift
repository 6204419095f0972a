import ArgumentParser
import CDWallyControl
import CDWallyPlayer
import CDWallyVocabulary

struct DiscCommand: ControlCommand {
    static let configuration = CommandConfiguration(verb: .disc)

    @OptionGroup var options: ControlOptions

    // Captured raw so that "-1" reaches validate() and gets its own message, instead of
    // being taken for an unknown option.
    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("N, next, previous or random.", valueName: "disc"))
    var choices: [String] = []

    private var choice: String { choices.first ?? "" }

    @Flag(name: .long, help: "With a disc number: start it at track 1 instead of where it was left.")
    var fromStart = false

    func validate() throws {
        guard choices.count == 1, let command = Self.parse(choice) else {
            throw ValidationError("disc takes a wallet position (1, 2, …), next, previous or random.")
        }
        if fromStart, case .play = command {
        } else if fromStart {
            throw ValidationError("--from-start goes with a disc number.")
        }
    }

    var request: ControlRequest? {
        guard let command = Self.parse(choice) else { return nil }
        if case .play(let position, _) = command {
            return .command(.play(disc: position, fromStart: fromStart))
        }
        return .command(command)
    }

    /// The words `disc` takes, as the player commands they stand for.
    static func parse(_ text: String) -> PlayerCommand? {
        switch text.lowercased() {
        case "next": .nextDisc
        case "prev", "previous": .previousDisc
        case "random": .randomDisc
        default: Int(text).flatMap { $0 >= 1 ? .play(disc: $0, fromStart: false) : nil }
        }
    }
}
