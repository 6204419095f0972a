import ArgumentParser
import CDWallyCore
import CDWallyLibrary

/// `cdwally cards`: the cards of the CDs playlist and the albums they lead to now
/// (docs/PRODUCT.md §11).
struct CardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards",
        abstract: "List the cards of the wallet: each card's number and the disc it plays.",
        discussion: """
            A card is a line #CDWALLY-CARD:NUMBER Artist — Album in the CDs playlist, directly \
            above the album's line: reading it plays that disc. `cdwally card assign` and \
            `cdwally card forget` change them. A label that no longer names the disc below it \
            (after a hand edit) is marked, and `cdwally doctor` warns of it.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the cards as JSON.") var json = false

    func run() throws {
        try CommandContext.run(global) { context in
            let service = try context.library()
            let list = try service.cards(
                playlist: context.playlistOverride, capacity: context.settings.capacity)
            if json {
                context.print(CardsView.json(list))
            } else {
                context.print(CardsView.text(list))
            }
        }
    }
}
