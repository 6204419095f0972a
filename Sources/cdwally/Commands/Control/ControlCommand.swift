import ArgumentParser
import CDWallyCore
import CDWallyRemote

/// What the commands that steer a running player share: send one request over the control
/// socket, then show the player's state (docs/PRODUCT.md §6). No player → exit 3 with a hint.
enum ControlCommand {
    static func run(_ request: ControlRequest, global: GlobalOptions, json: Bool) throws {
        try CommandContext.run(global) { context in
            switch try ControlLink.send(request, environment: context.settings.environment) {
            case .ok(let status):
                context.print(json ? status.json.serialized() : StatusView.render(status))
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

struct PauseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause the running player.")
    @OptionGroup var options: ControlOptions
    func run() throws { try ControlCommand.run(.pause, global: options.global, json: options.json) }
}

struct ResumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Resume playing (a stopped player starts the disc played last).")
    @OptionGroup var options: ControlOptions
    func run() throws { try ControlCommand.run(.resume, global: options.global, json: options.json) }
}

struct ToggleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toggle", abstract: "Pause if playing, else play: the one command for a play/pause key.")
    @OptionGroup var options: ControlOptions
    func run() throws { try ControlCommand.run(.toggle, global: options.global, json: options.json) }
}

struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "next", abstract: "Skip to the next track.")
    @OptionGroup var options: ControlOptions
    func run() throws { try ControlCommand.run(.next, global: options.global, json: options.json) }
}

struct PreviousCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prev",
        abstract: "Go to the previous track within a track's first 3 seconds, else restart it.",
        aliases: ["previous"])
    @OptionGroup var options: ControlOptions
    func run() throws { try ControlCommand.run(.previous, global: options.global, json: options.json) }
}

struct StopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "Stop playback, keeping the disc's place (the player keeps running).")
    @OptionGroup var options: ControlOptions
    func run() throws { try ControlCommand.run(.stop, global: options.global, json: options.json) }
}

struct QuitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quit", abstract: "Save every position and end the running player.")
    @OptionGroup var options: ControlOptions
    func run() throws { try ControlCommand.run(.quit, global: options.global, json: options.json) }
}
