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
        guard target.count == 1, Self.parse(target[0]) != nil else {
            throw ValidationError("seek takes one value: +10, -10, 90 or 1:30.")
        }
    }

    var request: ControlRequest? {
        guard target.count == 1, let (seconds, relative) = Self.parse(target[0]) else { return nil }
        return .command(.seek(relative ? .relative(seconds) : .absolute(seconds)))
    }

    /// "+10" → (10, relative), "-2.5" → (-2.5, relative), "90" → (90, absolute), "1:30" → (90,
    /// absolute); "1:99" and "1:60:00" are no place.
    static func parse(_ text: String) -> (Double, Bool)? {
        let relative = text.hasPrefix("+") || text.hasPrefix("-")
        let sign: Double = text.hasPrefix("-") ? -1 : 1
        let body = relative ? text.dropFirst() : Substring(text)
        var seconds = 0.0
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        for (index, part) in parts.enumerated() {
            guard let value = Double(part), value >= 0, value.isFinite else { return nil }
            // Past the first field, minutes and seconds stop at 59: "1:99" is a typo, not 2:39.
            if index > 0 && value >= 60 { return nil }
            seconds = seconds * 60 + value
        }
        return SeekTarget.accepts(seconds) ? (sign * seconds, relative) : nil
    }
}
