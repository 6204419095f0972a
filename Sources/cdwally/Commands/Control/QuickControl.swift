import ArgumentParser
import CDWallyControl
import CDWallyPlayer
import CDWallyVocabulary

/// Answers the plain control verbs (`cdwally toggle`, `cdwally status --json`) before the
/// argument parser is built. A media key runs such a command and waits for it, and building
/// the parser's command tree by reflection, with the Swift runtime's conformance look-ups it
/// makes, was most of the 15 ms one took; the words and requests are the commands' own, and
/// anything more than a verb and `--json` goes to the parser as before.
enum QuickControl {
    /// The request `arguments` make, and whether they ask for JSON, when they are a plain verb
    /// of the CLI (`PlayerVerb.table`'s, by any of its spellings, or the host's `status` and
    /// `quit`) alone or with `--json`. Each shows the player's status.
    static func verb(of arguments: [String]) -> (request: ControlRequest, json: Bool)? {
        guard let word = arguments.first, arguments.count == 1 || arguments.dropFirst() == ["--json"]
        else { return nil }
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
        do {
            try StatusCommand.send(
                request, json: json,
                render: request == .status ? StatusView.renderWithCard : StatusView.render)
            return ExitCode.success.rawValue
        } catch let code as ExitCode {
            return code.rawValue
        } catch {
            // `send` turns every failure into an `ExitCode`; this is not reached.
            return ExitCode.failure.rawValue
        }
    }
}
