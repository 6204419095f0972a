#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `command-line` request of the control protocol (Sources/CDWallyControl/PROTOCOL.md):
/// the words after `cdwally`, which the player reads as the full program would.
struct QuickRequest: Encodable {
    let version = 1
    let command = "command-line"
    let arguments: [String]

    init(words: [String]) { arguments = words }

    /// Whether `words` may be a plain control verb, alone or with `--json` (the player decides
    /// which they are): anything else, an option first, help, is the full program's at once.
    static func mayTake(_ words: [String]) -> Bool {
        guard let verb = words.first, !verb.hasPrefix("-") else { return false }
        return words.count == 1 || words == [verb, "--json"]
    }

    /// The request as one line of the protocol.
    var line: [UInt8] {
        // Encoding three strings and an integer cannot fail.
        (try? JSONEncoder().encode(self)).map { Array($0) + [UInt8(ascii: "\n")] } ?? []
    }
}

/// The player's answer: what to print and the exit status when it carried the words out; an
/// error answer of the protocol's own (an older player's `unknown-command`, `busy`) has no
/// exit status, and the full program then does the command itself.
struct QuickAnswer: Decodable {
    var stdout: String?
    var stderr: String?
    var exit: Int32?

    /// The answer in `line`, or nil when it is not one this client prints.
    static func read(_ line: [UInt8]) -> PrintedLines? {
        guard let answer = try? JSONDecoder().decode(QuickAnswer.self, from: Data(line)),
            let status = answer.exit
        else { return nil }
        return PrintedLines(
            standardOutput: answer.stdout ?? "", standardError: answer.stderr ?? "", exitStatus: status)
    }
}
