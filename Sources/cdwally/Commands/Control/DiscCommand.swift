import ArgumentParser
import CDWallyRemote

struct DiscCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disc",
        abstract: "Change disc: a wallet position, next, prev, or random (one not played lately).")

    @OptionGroup var options: ControlOptions

    @Argument(help: ArgumentHelp("N, next, prev or random.", valueName: "disc"))
    var choice: String

    @Flag(name: .long, help: "With a disc number: start it at track 1 instead of where it was left.")
    var fromStart = false

    func validate() throws {
        guard let choice = Self.parse(choice) else {
            throw ValidationError("disc takes a wallet position (1, 2, …), next, prev or random.")
        }
        if fromStart, case .number = choice {
        } else if fromStart {
            throw ValidationError("--from-start goes with a disc number.")
        }
    }

    func run() throws {
        guard let choice = Self.parse(choice) else { return }
        let request: ControlRequest =
            if case .number(let position) = choice, fromStart {
                .play(disc: position, fromStart: true)
            } else {
                .disc(choice)
            }
        try ControlCommand.run(request, global: options.global, json: options.json)
    }

    static func parse(_ text: String) -> DiscChoice? {
        switch text.lowercased() {
        case "next": .next
        case "prev", "previous": .previous
        case "random": .random
        default: Int(text).flatMap { $0 >= 1 ? .number($0) : nil }
        }
    }
}
