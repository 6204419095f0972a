import ArgumentParser
import CDWallyControl
import CDWallyCore
import Foundation

extension CardCommand {
    /// `cdwally card read NUMBER`: the card as if the running player's reader had read it, for
    /// a serial reader's script or a card tried without a reader (docs/PRODUCT.md §11).
    struct Read: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read a card as if the running player's reader had read it.",
            discussion: """
                The card does what a card does: it plays its album from its place, pauses or \
                plays on when that album is the current disc (card_again under [cards]), runs its \
                command card, or plays nothing when no album and no command has it. The same \
                number again within 2 s of its last read counts once, as a reader's repeats do. \
                Whatever it did, it becomes the last card read, which `cdwally status` shows.
                """)

        @OptionGroup var options: ControlOptions
        @Argument(help: ArgumentHelp("The card's number, as a reader types it.", valueName: "number"))
        var number: String

        func validate() throws {
            _ = try CardCommand.number(number)
        }

        func run() throws {
            let card = try CardCommand.number(number)
            try CommandContext.runWithoutConfig {
                let sent = Date().timeIntervalSince1970
                switch try ControlLink.send(.cardRead(card), environment: ProcessInfo.processInfo.environment)
                {
                case .ok(let status):
                    if options.json { return CommandContext.printJSON(status.json) }
                    // A repeat leaves the last card as it was, read before this command.
                    let repeated =
                        status.lastCard.map { $0.number != card.text || $0.at < sent - 0.01 } ?? true
                    let line =
                        repeated
                        ? "Card \(card) again within 2 s of its last read: counted once"
                        : (status.lastCard?.text ?? "")
                    print(ShownText.cleanLines(line + "\n" + StatusView.render(status)))
                case .failure(let failure):
                    throw failure
                }
            }
        }
    }
}
