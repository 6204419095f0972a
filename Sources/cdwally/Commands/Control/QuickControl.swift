import ArgumentParser
import CDWallyControl
import CDWallyCore
import CDWallyPlayer
import CDWallyQuickClient
import CDWallyVocabulary
import Foundation

/// Answers the control commands (`cdwally toggle`, `cdwally volume +5`, `cdwally status
/// --json`) before the argument parser's whole command tree is built, here or in the running
/// player. A media key runs such a command and waits for it: the installed `cdwally` is a
/// small client (`cdwally-quick`) that sends the words to the player as a `command-line`
/// request, which the player answers with what this prints (`printer`); run here (the build
/// folder's `cdwally`, or a player the small client could not reach), they skip the tree,
/// built by reflection. A plain verb alone or with `--json` is read without any parser; a
/// control command with more words by its own command's parser alone. Words that are not one
/// control command's, `status --follow`, a mistake, help, go to the whole parser.
enum QuickControl {
    /// The exchange `arguments` make when they are one control command's.
    static func exchange(for arguments: [String]) -> ControlExchange? {
        // The shape the small client sends (`QuickRequest.mayTake`): one rule for both ends.
        guard QuickRequest.mayTake(arguments), let word = arguments.first else { return nil }
        if arguments.count == 1 || arguments == [word, "--json"], let request = plainRequest(named: word) {
            let render = request == .status ? StatusView.renderWithCard : StatusView.render
            return ControlExchange(request: request, json: arguments.count == 2, render: render)
        }
        guard let command = controlCommand(named: word),
            let parsed = try? command.parse(Array(arguments.dropFirst()))
        else { return nil }
        return try? parsed.exchange()
    }

    /// The request of a plain verb of the CLI: `PlayerVerb.table`'s, by any of its spellings,
    /// or the host's `status` and `quit`.
    private static func plainRequest(named word: String) -> ControlRequest? {
        let hostVerbs: [any PlainControlCommand.Type] = [StatusCommand.self, QuitCommand.self]
        if let host = hostVerbs.first(where: { $0.configuration.commandName == word }) {
            return host.plainRequest
        }
        guard let verb = PlayerVerb.named(word), verb.doors.contains(.cli) else { return nil }
        return verb.plainCommand.map { .command($0) }
    }

    /// The control command that `word` names, by any of its spellings.
    private static func controlCommand(named word: String) -> (any ControlCommand.Type)? {
        for case let command as any ControlCommand.Type in controlCommands {
            let configuration = command.configuration
            if configuration.commandName == word || configuration.aliases.contains(word) { return command }
        }
        return nil
    }

    /// Runs `arguments` when they are one control command's, and gives the exit status; nil
    /// otherwise.
    static func run(_ arguments: [String]) -> Int32? {
        guard let exchange = exchange(for: arguments) else { return nil }
        SignalWaiter.unblockStopSignals()
        let answer = exchange.answer()
        answer.write()
        return answer.exitStatus
    }

    /// The player's side of the small client: a `command-line` request's words, read as here.
    static let printer: ControlServer.Printer = { words in
        exchange(for: words).map { exchange in (exchange.request, exchange.printed) }
    }
}
