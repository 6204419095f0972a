import ArgumentParser
import CDWallyControl
import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary

/// `cdwally status`: the player's state once, or with `--follow` at once and on every
/// change, from a subscription on the control socket (a status bar starts it once, not each
/// second); `--format` gives the bar its line without `jq`. Plain `status` and `status
/// --json` are answered by `QuickControl` before the parser is built.
struct StatusCommand: PlainControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show what the running player is doing.",
        discussion: """
            --format replaces each placeholder by that part of the state (empty when there is \
            none) and %% by a percent sign: \(StatusFormat.Field.allCases.map { "%\($0.rawValue)%" }.joined(separator: " ")).
            """)
    @OptionGroup var options: ControlOptions
    @Flag(
        help: """
            Print the state at once and again on every change (the elapsed time once a second), \
            one line each, until the player quits.
            """)
    var follow = false
    @Option(help: ArgumentHelp("Print one line: FORMAT with %placeholder%s filled in.", valueName: "FORMAT"))
    var format: String?
    static let plainRequest = ControlRequest.status

    func run() throws {
        try CommandContext.runWithoutConfig {
            // Read before the player is asked: a mistake in it is the user's, said first.
            var shown: StatusFormat?
            if let format {
                do throws(StatusFormat.Failure) {
                    shown = try StatusFormat(format)
                } catch {
                    throw CommandFailure(message: error.message, code: ExitStatus.usage)
                }
                if options.json {
                    throw CommandFailure(
                        message: "--format and --json cannot go together: choose one", code: ExitStatus.usage)
                }
            }
            let render: (PlayerStatus) -> String =
                if let shown { { shown.render($0) } } else if follow { StatusView.line } else {
                    StatusView.renderWithCard
                }
            if follow {
                try StatusFollow.run(json: options.json, render: render)
            } else {
                try Self.send(.status, json: options.json, render: render)
            }
        }
    }
}
