import ArgumentParser
import CDWallyControl

// The control verbs without arguments: one declaration each, sharing `ControlCommand.run()`;
// `QuickControl` answers them without the argument parser.

/// A control verb that takes no arguments: its request is the same every time.
protocol PlainControlCommand: ControlCommand {
    static var plainRequest: ControlRequest { get }
}

extension PlainControlCommand {
    var request: ControlRequest? { Self.plainRequest }
}

struct StatusCommand: PlainControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show what the running player is doing.")
    @OptionGroup var options: ControlOptions
    static let plainRequest = ControlRequest.status
}

struct PauseCommand: PlainControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause the running player.")
    @OptionGroup var options: ControlOptions
    static let plainRequest = ControlRequest.command(.pause)
}

struct ResumeCommand: PlainControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Resume playing (a stopped player starts the disc played last).")
    @OptionGroup var options: ControlOptions
    static let plainRequest = ControlRequest.command(.resume)
}

struct ToggleCommand: PlainControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "toggle", abstract: "Pause if playing, else play: the one command for a play/pause key.")
    @OptionGroup var options: ControlOptions
    static let plainRequest = ControlRequest.command(.toggle)
}

struct NextCommand: PlainControlCommand {
    static let configuration = CommandConfiguration(commandName: "next", abstract: "Skip to the next track.")
    @OptionGroup var options: ControlOptions
    static let plainRequest = ControlRequest.command(.next)
}

struct PreviousCommand: PlainControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "prev",
        abstract: "Go to the previous track within a track's first 3 seconds, else restart it.",
        aliases: ["previous"])
    @OptionGroup var options: ControlOptions
    static let plainRequest = ControlRequest.command(.previous)
}

struct StopCommand: PlainControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "Stop playback, keeping the disc's place (the player keeps running).")
    @OptionGroup var options: ControlOptions
    static let plainRequest = ControlRequest.command(.stop)
}

struct QuitCommand: PlainControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "quit", abstract: "Save every position and end the running player.")
    @OptionGroup var options: ControlOptions
    static let plainRequest = ControlRequest.quit
}
