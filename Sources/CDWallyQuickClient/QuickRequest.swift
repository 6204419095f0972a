/// A `command-line` request of the control protocol (Sources/CDWallyControl/PROTOCOL.md):
/// the words after `cdwally`, which the player reads as the full program would.
public struct QuickRequest: Sendable, Equatable {
    public let words: [String]

    public init(words: [String]) { self.words = words }

    /// The most words a request carries: more than any control command takes.
    public static let maximumWords = 16

    /// Whether `words` may be a control command's (the player decides whether they are,
    /// `QuickControl.exchange` in the full program, whose first test this is): a word first,
    /// not an option. Anything else is the full program's at once; so is what the player does
    /// not take, after one round trip.
    public static func mayTake(_ words: [String]) -> Bool {
        guard let verb = words.first, !verb.hasPrefix("-") else { return false }
        return words.count <= maximumWords
    }

    /// The request as one line of the protocol.
    public var line: [UInt8] {
        let arguments = words.map(Self.quoted).joined(separator: ",")
        return Array(#"{"version":1,"command":"command-line","arguments":[\#(arguments)]}"#.utf8) + [0x0A]
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

/// What an answer line says to do.
public enum QuickAnswer: Sendable, Equatable {
    /// The player carried the words out: print this, end with its status.
    case print(PrintedLines)
    /// An error answer of the protocol's own (an older player's `unknown-command`, `busy`):
    /// nothing was done, and the full program does the command itself.
    case handOver
    /// Not an answer this client reads: the command may have been carried out, so it is said.
    case nonsense

    public init(line: [UInt8]) {
        guard let answer = AnswerLine(line), let ok = answer.bool("ok") else {
            self = .nonsense
            return
        }
        if let status = answer.integer("exit").flatMap({ Int32(exactly: $0) }),
            let standardOutput = answer.string("stdout"), let standardError = answer.string("stderr")
        {
            self = .print(
                PrintedLines(standardOutput: standardOutput, standardError: standardError, exitStatus: status)
            )
        } else {
            self = ok ? .nonsense : .handOver
        }
    }
}
