import ArgumentParser
import CDWallyControl
import CDWallyCore
import CDWallyPlayer
import CDWallyQuickClient
import CDWallyVocabulary
import Foundation

/// A command that steers a running player: send one request over the control socket, then
/// show the player's state (docs/PRODUCT.md §6). No player → exit 3 with a hint. A verb
/// declares its name, help and request; `run()` is this one.
///
/// No config file is read: the socket's place comes from the environment alone, so a
/// broken `config.toml` does not silence a media-key binding that runs `cdwally toggle`.
/// Sendable: the running player reads a command line with the command's own parser on a
/// connection's thread, and prints its answer there (`QuickControl`).
protocol ControlCommand: ParsableCommand, Sendable {
    var options: ControlOptions { get }
    /// The request to send; nil when the arguments do not make one (`validate()` said why).
    var request: ControlRequest? { get }
    /// The player's state for people, after the command (the status, unless a verb shows
    /// only its own part of it).
    func render(_ status: PlayerStatus) -> String
    /// The one request the command sends and how its answer is printed; nil when the
    /// arguments make none. A mistake in them that the parser cannot see is thrown.
    func exchange() throws(CommandFailure) -> ControlExchange?
}

extension ControlCommand {
    func render(_ status: PlayerStatus) -> String { StatusView.render(status) }

    func exchange() throws(CommandFailure) -> ControlExchange? {
        request.map { ControlExchange(request: $0, json: options.json, render: render) }
    }

    func run() throws { try exchangeOnce() }

    /// Sends the command's one request and prints its answer.
    func exchangeOnce() throws {
        try CommandContext.runWithoutConfig {
            guard let exchange = try exchange() else { return }
            let answer = exchange.answer()
            answer.write()
            if answer.exitStatus != ExitCode.success.rawValue { throw ExitCode(answer.exitStatus) }
        }
    }
}

/// One request to the player and how the CLI prints its answer: what `cdwally VERB …` does,
/// here or, for the small client, in the running player.
struct ControlExchange: Sendable {
    let request: ControlRequest
    let json: Bool
    let render: @Sendable (PlayerStatus) -> String

    /// Sends the request to the running player and gives what the CLI prints for its answer,
    /// or for the failure to reach the player.
    func answer() -> PrintedLines {
        do {
            return printed(try ControlLink.send(request, environment: ProcessInfo.processInfo.environment))
        } catch {
            return Self.printed(CommandFailure(error))
        }
    }

    /// What the CLI prints for `response` (the state, as JSON or for people; a failure as one
    /// line on stderr), and its exit status.
    func printed(_ response: ControlResponse) -> PrintedLines {
        switch response {
        case .ok(let status):
            let shown = json ? status.json.serialized() : ShownText.cleanLines(render(status))
            return PrintedLines(standardOutput: shown + "\n", exitStatus: ExitCode.success.rawValue)
        case .failure(let failure):
            return Self.printed(CommandFailure(failure))
        }
    }

    /// A failure as the CLI prints it (`CommandContext`'s words for any error).
    static func printed(_ failure: CommandFailure) -> PrintedLines {
        PrintedLines(standardError: ShownText.cleanLines(failure.printed), exitStatus: failure.code)
    }
}

/// The options every control command takes.
struct ControlOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the player's state as JSON (after the command, for those that change it).") var json =
        false
}
