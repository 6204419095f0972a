import ArgumentParser
import CDWallyControl

/// Answers the plain control verbs (`cdwally toggle`, `cdwally status --json`) before the
/// argument parser is built. A media key runs such a command and waits for it, and building
/// the parser's command tree by reflection, with the Swift runtime's conformance look-ups it
/// makes, was most of the 15 ms one took; the words and requests are the commands' own, and
/// anything more than a verb and `--json` goes to the parser as before.
enum QuickControl {
    /// The verbs answered here: every `PlainControlCommand` of `CDWally`'s control group.
    /// Each shows the player's status (none overrides `render`).
    static let commands: [any PlainControlCommand.Type] = [
        StatusCommand.self, ToggleCommand.self, PauseCommand.self, ResumeCommand.self, NextCommand.self,
        PreviousCommand.self, StopCommand.self, QuitCommand.self,
    ]

    /// The verb `arguments` name, and whether they ask for JSON, when they are a plain verb
    /// alone or with `--json`.
    static func verb(of arguments: [String]) -> (command: any PlainControlCommand.Type, json: Bool)? {
        guard let word = arguments.first, arguments.count == 1 || arguments.dropFirst() == ["--json"]
        else { return nil }
        let command = commands.first { command in
            command.configuration.commandName == word || command.configuration.aliases.contains(word)
        }
        return command.map { ($0, arguments.count == 2) }
    }

    /// Runs `arguments` when they are a plain verb, and gives the exit status; nil otherwise.
    static func run(_ arguments: [String]) -> Int32? {
        guard let (command, json) = verb(of: arguments) else { return nil }
        SignalWaiter.unblockStopSignals()
        do {
            try command.send(command.plainRequest, json: json, render: StatusView.render)
            return ExitCode.success.rawValue
        } catch let code as ExitCode {
            return code.rawValue
        } catch {
            // `send` turns every failure into an `ExitCode`; this is not reached.
            return ExitCode.failure.rawValue
        }
    }
}
