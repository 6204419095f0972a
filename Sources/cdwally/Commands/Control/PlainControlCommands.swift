import ArgumentParser
import CDWallyControl
import CDWallyPlayer
import CDWallyVocabulary

// The control verbs without arguments: one declaration each, sharing `ControlCommand.run()`,
// their words and help from `PlayerVerb`; `QuickControl` answers them without the argument
// parser. A plain new verb is a declaration here and a line in `controlCommands`.

/// The control group of `cdwally --help`, in its order.
let controlCommands: [any ParsableCommand.Type] = [
    StatusCommand.self, ToggleCommand.self, PauseCommand.self, ResumeCommand.self, NextCommand.self,
    PreviousCommand.self, SeekCommand.self, DiscCommand.self, TrackCommand.self, VolumeCommand.self,
    SleepCommand.self, ShuffleCommand.self, StopCommand.self, QuitCommand.self,
]

/// A control verb that takes no arguments: its request is the same every time.
protocol PlainControlCommand: ControlCommand {
    static var plainRequest: ControlRequest { get }
}

extension PlainControlCommand {
    var request: ControlRequest? { Self.plainRequest }
}

extension CommandConfiguration {
    /// A control command's name, abstract and older spellings, as the verb has them.
    init(verb: PlayerVerb) {
        self.init(commandName: verb.name, abstract: verb.abstract, aliases: verb.aliases)
    }
}

/// A plain verb's command: its words and request are the verb's.
protocol PlainVerbCommand: PlainControlCommand {
    static var verb: PlayerVerb { get }
}

extension PlainVerbCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(verb: verb) }
    static var plainRequest: ControlRequest { .command(verb.plainCommand!) }
}

struct QuitCommand: PlainControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "quit", abstract: "Save every position and end the running player.")
    @OptionGroup var options: ControlOptions
    static let plainRequest = ControlRequest.quit
}

struct PauseCommand: PlainVerbCommand {
    static let verb = PlayerVerb.pause
    @OptionGroup var options: ControlOptions
}

struct ResumeCommand: PlainVerbCommand {
    static let verb = PlayerVerb.resume
    @OptionGroup var options: ControlOptions
}

struct ToggleCommand: PlainVerbCommand {
    static let verb = PlayerVerb.toggle
    @OptionGroup var options: ControlOptions
}

struct NextCommand: PlainVerbCommand {
    static let verb = PlayerVerb.next
    @OptionGroup var options: ControlOptions
}

struct PreviousCommand: PlainVerbCommand {
    static let verb = PlayerVerb.previous
    @OptionGroup var options: ControlOptions
}

struct StopCommand: PlainVerbCommand {
    static let verb = PlayerVerb.stop
    @OptionGroup var options: ControlOptions
}
