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

    /// The request and output form of `arguments`, when they are a plain verb alone or with
    /// `--json`.
    static func request(for arguments: [String]) -> (request: ControlRequest, json: Bool)? {
        guard let verb = arguments.first, arguments.count == 1 || arguments.dropFirst() == ["--json"]
        else { return nil }
        for command in commands {
            let configuration = command.configuration
            if configuration.commandName == verb || configuration.aliases.contains(verb) {
                return (command.plainRequest, arguments.count == 2)
            }
        }
        return nil
    }

    /// Runs `arguments` when they are a plain verb, and gives the exit status; nil otherwise.
    static func run(_ arguments: [String]) -> Int32? {
        guard let (request, json) = request(for: arguments) else { return nil }
        SignalWaiter.unblockStopSignals()
        do {
            try StatusCommand.send(request, json: json, render: StatusView.render)
            return ExitCode.success.rawValue
        } catch let code as ExitCode {
            return code.rawValue
        } catch {
            // `send` turns every failure into an `ExitCode`; this is not reached.
            return ExitCode.failure.rawValue
        }
    }
}
