import ArgumentParser
import CDWallyControl
import CDWallyPlayer
import CDWallyVocabulary

struct SeekCommand: ControlCommand {
    static let configuration = CommandConfiguration(verb: .seek)

    @OptionGroup var options: ControlOptions

    // Captured raw so that "-10" is a value, not an unknown option.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("Seconds: +N or -N to move, N or M:SS to go to.", valueName: "[+|-]seconds"))
    var target: [String] = []

    func validate() throws {
        guard target.count == 1, SeekTarget(words: target[0]) != nil else {
            throw ValidationError("seek takes one value: +10, -10, 90 or 1:30.")
        }
    }

    var request: ControlRequest? {
        guard target.count == 1, let seek = SeekTarget(words: target[0]) else { return nil }
        return .command(.seek(seek))
    }
}
