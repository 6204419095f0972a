import ArgumentParser
import CDWallyControl

// The control verbs without arguments: one declaration each, sharing `ControlCommand.run()`.

struct StatusCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show what the running player is doing.")
    @OptionGroup var options: ControlOptions
    var request: ControlRequest? { .status }
}

struct PauseCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause the running player.")
    @OptionGroup var options: ControlOptions
    var request: ControlRequest? { .command(.pause) }
}

struct ResumeCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Resume playing (a stopped player starts the disc played last).")
    @OptionGroup var options: ControlOptions
    var request: ControlRequest? { .command(.resume) }
}

struct ToggleCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "toggle", abstract: "Pause if playing, else play: the one command for a play/pause key.")
    @OptionGroup var options: ControlOptions
    var request: ControlRequest? { .command(.toggle) }
}

struct NextCommand: ControlCommand {
    static let configuration = CommandConfiguration(commandName: "next", abstract: "Skip to the next track.")
    @OptionGroup var options: ControlOptions
    var request: ControlRequest? { .command(.next) }
}

struct PreviousCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "prev",
        abstract: "Go to the previous track within a track's first 3 seconds, else restart it.",
        aliases: ["previous"])
    @OptionGroup var options: ControlOptions
    var request: ControlRequest? { .command(.previous) }
}

struct StopCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "Stop playback, keeping the disc's place (the player keeps running).")
    @OptionGroup var options: ControlOptions
    var request: ControlRequest? { .command(.stop) }
}

struct QuitCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "quit", abstract: "Save every position and end the running player.")
    @OptionGroup var options: ControlOptions
    var request: ControlRequest? { .command(.quit) }
}
