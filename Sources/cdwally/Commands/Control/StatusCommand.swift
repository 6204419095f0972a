import ArgumentParser
import CDWallyControl
import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary

/// `cdwally status`: the player's state once, or with `--follow` at once and on every
/// change, from a subscription on the control socket (a status bar starts it once, not each
/// second); `--format` gives the bar its line without `jq`. `QuickControl` answers it once
/// without the whole command tree; `--follow` is the parser's.
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

    /// `status` once: with `--format`, its line; nil with `--follow`, which is a subscription.
    func exchange() throws(CommandFailure) -> ControlExchange? {
        guard !follow else { return nil }
        return ControlExchange(request: .status, json: options.json, render: try renderer())
    }

    func run() throws {
        guard follow else { return try exchangeOnce() }
        try CommandContext.runWithoutConfig {
            try StatusFollow.run(json: options.json, render: try renderer())
        }
    }

    /// How a status is shown for people: `--format`'s line, a bar's line when following, or
    /// the whole view. A format that cannot be read, or one beside `--json`, is the user's
    /// mistake, said before the player is asked.
    private func renderer() throws(CommandFailure) -> @Sendable (PlayerStatus) -> String {
        guard let format else { return follow ? StatusView.line : StatusView.renderWithCard }
        let shown: StatusFormat
        do throws(StatusFormat.Failure) {
            shown = try StatusFormat(format)
        } catch {
            throw CommandFailure(message: error.message, code: ExitStatus.usage)
        }
        if options.json {
            throw CommandFailure(
                message: "--format and --json cannot go together: choose one", code: ExitStatus.usage)
        }
        return { shown.render($0) }
    }
}
