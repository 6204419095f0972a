import ArgumentParser

/// Catches a mistyped subcommand before the argument parser sees it. `discs` is the default
/// subcommand, so the parser would read `cdwally stauts` as `discs` given a stray argument
/// and print the usage of `discs`; and `cdwally help nosuch` would print the overview and
/// succeed.
enum UnknownCommand {
    /// Every name and alias a subcommand answers to, and `help`.
    static var names: [String] {
        let configuration = CDWally.configuration
        let commands = configuration.subcommands + configuration.groupedSubcommands.flatMap(\.subcommands)
        return ["help"]
            + commands.flatMap { command in
                [command.configuration.commandName ?? ""] + command.configuration.aliases
            }.filter { !$0.isEmpty }
    }

    /// The one-line error for arguments that start with an unknown command (after global
    /// options were hoisted behind it), or nil when they do not.
    static func message(for arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let known = names
        var word = first
        if first == "help" {
            guard let topic = arguments.dropFirst().first, !topic.hasPrefix("-") else { return nil }
            word = topic
        }
        guard !known.contains(word) else { return nil }
        var message = "unknown command '\(word)'"
        let hidden = [
            "help", CoverWorkerCommand.configuration.commandName,
            TerminalCoverCommand.configuration.commandName,
        ]
        if let guess = closest(to: word, among: known.filter { !hidden.contains($0) }) {
            message += "; did you mean '\(guess)'?"
        }
        return message + " (see cdwally --help)"
    }

    /// The name a typo most likely meant: within two edits, or one that starts with it. Between
    /// names as near, one of the word's length wins: a swap or a wrong key keeps the length,
    /// so "stauts" is `status` (a swap), not `stats` (a letter too many).
    static func closest(to word: String, among names: [String]) -> String? {
        let scored = names.map { ($0, distance(word.lowercased(), $0)) }
        let nearer = { (a: (String, Int), b: (String, Int)) in
            a.1 != b.1 ? a.1 < b.1 : a.0.count == word.count && b.0.count != word.count
        }
        if let best = scored.min(by: nearer), best.1 <= min(2, max(1, word.count / 2)) {
            return best.0
        }
        return names.first { $0.hasPrefix(word.lowercased()) && word.count >= 2 }
    }

    /// Levenshtein distance, with a swap of two neighbours counted as one edit ("stauts").
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: right.count + 1), count: left.count + 1)
        for row in 0...left.count { rows[row][0] = row }
        for column in 0...right.count { rows[0][column] = column }
        for row in 1...left.count {
            for column in 1...right.count {
                let cost = left[row - 1] == right[column - 1] ? 0 : 1
                var best = min(
                    rows[row - 1][column] + 1, rows[row][column - 1] + 1, rows[row - 1][column - 1] + cost)
                if row > 1, column > 1, left[row - 1] == right[column - 2], left[row - 2] == right[column - 1]
                {
                    best = min(best, rows[row - 2][column - 2] + 1)
                }
                rows[row][column] = best
            }
        }
        return rows[left.count][right.count]
    }
}
