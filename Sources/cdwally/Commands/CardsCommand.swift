import ArgumentParser
import CDWallyControl
import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallyVocabulary

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
            (after a hand edit) is marked, and `cdwally doctor` warns of it. With a player \
            running, the last card it read follows (`lastCard` in --json), known or not: the \
            number to give an album with `cdwally card assign --card`.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the cards as JSON.") var json = false

    func run() throws {
        try CommandContext.run(global) { context in
            let service = try context.library()
            let list = try service.cards(
                playlist: context.playlistOverride, capacity: context.settings.capacity)
            let last = Self.lastCard(environment: context.settings.environment)
            if json {
                guard case .object(let members) = CardsView.json(list) else { return }
                context.print(.object(members + (last.map { [("lastCard", $0.json)] } ?? [])))
            } else {
                context.print(CardsView.text(list) + (last.map { "\n\($0.text)" } ?? ""))
            }
        }
    }

    /// The running player's last card read; nil with no player, or none read.
    private static func lastCard(environment: [String: String]) -> PlayerStatus.LastCard? {
        guard
            case .ok(let status)? = try? ControlLink.send(
                .status, environment: environment, timeout: .seconds(2))
        else { return nil }
        return status.lastCard
    }
}
