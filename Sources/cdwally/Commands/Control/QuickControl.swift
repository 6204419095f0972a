import ArgumentParser
import CDWallyControl
import CDWallyCore
import CDWallyPlayer
import CDWallyQuickClient
import CDWallyVocabulary
import Foundation

/// Answers the plain control verbs (`cdwally toggle`, `cdwally status --json`) before the
/// argument parser is built, here or in the running player. A media key runs such a command
/// and waits for it: the installed `cdwally` is a small client (`cdwally-quick`) that sends
/// the words to the player as a `command-line` request, which the player answers with what
/// this prints (`printer`); run here (the build folder's `cdwally`, or a player the small
/// client could not reach), they skip the parser's command tree, built by reflection. The
/// words and requests are the commands' own; anything more than a verb and `--json` goes to
/// the parser.
enum QuickControl {
    /// The request `arguments` make, and whether they ask for JSON, when they are a plain verb
    /// of the CLI (`PlayerVerb.table`'s, by any of its spellings, or the host's `status` and
    /// `quit`) alone or with `--json`. Each shows the player's status.
    static func verb(of arguments: [String]) -> (request: ControlRequest, json: Bool)? {
        // The shape the small client sends (`QuickRequest.mayTake`): one rule for both ends.
        guard QuickRequest.mayTake(arguments), let word = arguments.first else { return nil }
        let request: ControlRequest
        let hostVerbs: [any PlainControlCommand.Type] = [StatusCommand.self, QuitCommand.self]
        if let host = hostVerbs.first(where: { $0.configuration.commandName == word }) {
            request = host.plainRequest
        } else if let verb = PlayerVerb.named(word), verb.doors.contains(.cli),
            let command = verb.plainCommand
        {
            request = .command(command)
        } else {
            return nil
        }
        return (request, arguments.count == 2)
    }

    /// Runs `arguments` when they are a plain verb, and gives the exit status; nil otherwise.
    static func run(_ arguments: [String]) -> Int32? {
        guard let (request, json) = verb(of: arguments) else { return nil }
        SignalWaiter.unblockStopSignals()
        let answer: PrintedLines
        do {
            let response = try ControlLink.send(request, environment: ProcessInfo.processInfo.environment)
            answer = printed(response, to: request, json: json)
        } catch {
            answer = printed(CommandFailure(error))
        }
        if !answer.standardOutput.isEmpty { print(answer.standardOutput, terminator: "") }
        if !answer.standardError.isEmpty { StandardError.emit(answer.standardError) }
        return answer.exitStatus
    }

    /// The player's side of the small client: a `command-line` request's words, read as here.
    static let printer: ControlServer.Printer = { words in
        guard let (request, json) = verb(of: words) else { return nil }
        return (request, { printed($0, to: request, json: json) })
    }

    /// What the CLI prints for `response`, the answer to `request`, and its exit status.
    static func printed(_ response: ControlResponse, to request: ControlRequest, json: Bool) -> PrintedLines {
        switch response {
        case .ok(let status):
            let shown =
                json
                ? status.json.serialized()
                : ShownText.cleanLines(
                    (request == .status ? StatusView.renderWithCard : StatusView.render)(status))
            return PrintedLines(standardOutput: shown + "\n", exitStatus: ExitCode.success.rawValue)
        case .failure(let failure):
            return printed(CommandFailure(failure))
        }
    }

    /// A failure as the CLI prints it (`CommandContext`'s words for any error).
    private static func printed(_ failure: CommandFailure) -> PrintedLines {
        PrintedLines(standardError: ShownText.cleanLines(failure.printed), exitStatus: failure.code)
    }
}
