import ArgumentParser
import CDWallyRemote

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show what the running player is doing.")
    @OptionGroup var options: ControlOptions
    func run() throws { try ControlCommand.run(.status, global: options.global, json: options.json) }
}
