import ArgumentParser
import CDWallyControl
import CDWallyPlayer
import CDWallyVocabulary

struct TrackCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: PlayerVerb.track.name, abstract: PlayerVerb.track.abstract,
        discussion: """
            N is 1-based, in the disc's play order, as `cdwally tracks` numbers them. Paused, the \
            player moves there and stays paused, as next and previous do; stopped or idle, it plays \
            that track of the disc `play` would play.
            """)

    @OptionGroup var options: ControlOptions

    // Captured raw so that "-1" reaches validate() and gets its own message, instead of
    // being taken for an unknown option.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The track's number: 1, 2, …", valueName: "N"))
    var numbers: [String] = []

    func validate() throws {
        guard Self.number(numbers) != nil else {
            throw ValidationError("track takes one track number: 1, 2, … (see `cdwally tracks`).")
        }
    }

    var request: ControlRequest? {
        Self.number(numbers).map { .command(.track($0)) }
    }

    private static func number(_ words: [String]) -> Int? {
        guard words.count == 1, let number = Int(words[0]), number >= 1 else { return nil }
        return number
    }
}
