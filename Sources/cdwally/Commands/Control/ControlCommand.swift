import ArgumentParser
import CDWallyControl
import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary
import Foundation

/// A command that steers a running player: send one request over the control socket, then
/// show the player's state (docs/PRODUCT.md §6). No player → exit 3 with a hint. A verb
/// declares its name, help and request; `run()` is this one.
///
/// No config file is read: the socket's place comes from the environment alone, so a
/// broken `config.toml` does not silence a media-key binding that runs `cdwally toggle`.
protocol ControlCommand: ParsableCommand {
    var options: ControlOptions { get }
    /// The request to send; nil when the arguments do not make one (`validate()` said why).
    var request: ControlRequest? { get }
    /// The player's state for people, after the command (the status, unless a verb shows
    /// only its own part of it).
    func render(_ status: PlayerStatus) -> String
}

extension ControlCommand {
    func render(_ status: PlayerStatus) -> String { StatusView.render(status) }

    func run() throws {
        guard let request else { return }
        try Self.send(request, json: options.json, render: render)
    }

    /// Sends `request` and prints the state it answers, as JSON or for people; a failure is
    /// one line on stderr and the exit code to end with.
    static func send(_ request: ControlRequest, json: Bool, render: (PlayerStatus) -> String) throws {
        try CommandContext.runWithoutConfig {
            switch try ControlLink.send(request, environment: ProcessInfo.processInfo.environment) {
            case .ok(let status):
                if json {
                    CommandContext.printJSON(status.json)
                } else {
                    print(ShownText.cleanLines(render(status)))
                }
            case .failure(let failure):
                throw failure
            }
        }
    }
}

/// The options every control command takes.
struct ControlOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the player's state as JSON (after the command, for those that change it).") var json =
        false
}
