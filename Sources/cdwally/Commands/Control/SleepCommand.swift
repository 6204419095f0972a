import ArgumentParser
import CDWallyControl
import CDWallyPlayer
import CDWallyVocabulary

struct SleepCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: PlayerVerb.sleep.name, abstract: PlayerVerb.sleep.abstract,
        discussion: """
            At its time the music fades out over the last seconds and pauses, with every position \
            saved; end-of-disc stops when the current disc ends. Without a value it shows the time left.
            """)

    @OptionGroup var options: ControlOptions

    @Argument(help: ArgumentHelp("30m, 45, 1h, 1h30m, 90s, end-of-disc or off.", valueName: "time"))
    var time: String?

    func validate() throws {
        if let time, SleepRequest(text: time) == nil {
            throw ValidationError(
                "sleep takes a time up to 24h (30m, 45, 1h, 1h30m, 90s), end-of-disc or off.")
        }
    }

    var request: ControlRequest? {
        guard let time else { return .status }
        return SleepRequest(text: time).map { .command(.sleep($0)) }
    }

    func render(_ status: PlayerStatus) -> String {
        switch status.sleep {
        case .secondsLeft(let seconds)?: "Sleep timer: pauses in \(Format.duration(Double(seconds)))"
        case .endOfDisc?: "Sleep timer: stops at the end of the disc"
        case nil: "No sleep timer"
        }
    }
}
