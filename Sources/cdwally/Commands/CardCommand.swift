import ArgumentParser
import CDWallyControl
import CDWallyCore
import CDWallyLibrary
import CDWallySystem
import Foundation

/// `cdwally card assign|forget|read`: which card plays which album (docs/PRODUCT.md §11). The
/// mapping is a line of the CDs playlist, written as `add` writes.
struct CardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Give a card to an album, forget cards, or read one as a reader would.",
        discussion: """
            A card reader types a card's number: digits, or hexadecimal digits 0-9 and A-F (at \
            most 32, leading zeros kept). The card plays the album as `cdwally play ID` does. The \
            mapping is a line #CDWALLY-CARD:NUMBER Artist — Album in the CDs playlist, directly \
            above the album's line; other players read it as a comment.
            """,
        subcommands: [Assign.self, Forget.self, Read.self])

    /// The number `--card` gave, or a usage error in one line (exit 64).
    static func number(_ text: String) throws -> CardNumber {
        do {
            return try CardNumber(validating: text)
        } catch {
            throw ValidationError(error.description)
        }
    }

    struct Assign: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Give the next card read, or --card NUMBER, to an album (putting it into the wallet if needed).",
            discussion: """
                Name the album by its id, a path, or words, as for `cdwally add`. An album not in \
                the wallet is added to it in the same write, unless the wallet already holds as many \
                discs as its capacity (exit 64). A number already given moves to this album, and \
                the command says from which. An album reached only through a line that leads to \
                other albums too (a folder) cannot take a card (exit 65). Without --card, the command \
                waits up to 60 s (--wait) for the next card the running player's reader reads (or \
                `cdwally card read`), which then plays nothing. With no player running, it reads the \
                configured reader itself, or, with none configured, every device that types a number \
                and Enter, and says which to configure. When no card comes it changes nothing (exit 75).
                """)

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print what changed as JSON.") var json = false
        @Option(help: ArgumentHelp("The card's number, as the reader types it.", valueName: "number"))
        var card: String?
        @Option(
            help: ArgumentHelp("How long to wait for the card, in seconds (1 to 3600).", valueName: "seconds")
        )
        var wait = ControlRequest.nextCardSeconds
        @Argument(help: ArgumentHelp("The album: its id, a path, or words.", valueName: "album"))
        var album: [String] = []

        func validate() throws {
            if let card { _ = try CardCommand.number(card) }
            let range = ControlRequest.nextCardSecondsRange
            if !range.contains(wait) {
                throw ValidationError(
                    "--wait must be a whole number of seconds from \(range.lowerBound) to \(range.upperBound)."
                )
            }
            if album.isEmpty { throw ValidationError("Name an album: its id, a path, or words.") }
        }

        func run() async throws {
            try await CommandContext.run(global) { context in
                let service = try context.scannedLibrary()
                let found = try service.album(CommandContext.albumQuery(album))
                let number: CardNumber
                if let card {
                    number = try CardCommand.number(card)
                } else {
                    number = try await CardCommand.nextCard(
                        for: found, within: wait, settings: context.settings)
                }
                let change = try service.assignCard(
                    number, to: found, playlist: context.playlistOverride,
                    capacity: context.settings.capacity,
                    state: context.playlistState(for: service.root))
                if json {
                    context.print(CardsView.json(change, action: "assign"))
                } else {
                    context.print(CardsView.assigned(change))
                }
            }
        }
    }

    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Forget card --card NUMBER, or every card of an album.",
            discussion: """
                Only the card lines go; the albums stay in the wallet. Name the album by its \
                number in the wallet, its id, or words.
                """)

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print what changed as JSON.") var json = false
        @Option(help: ArgumentHelp("The card's number.", valueName: "number")) var card: String?
        @Argument(help: ArgumentHelp("The album whose cards go: its id, or words.", valueName: "album"))
        var album: [String] = []

        func validate() throws {
            if let card {
                _ = try CardCommand.number(card)
                if !album.isEmpty { throw ValidationError("Give --card NUMBER or an album, not both.") }
            } else if album.isEmpty {
                throw ValidationError("Say which cards: --card NUMBER, or an album's id or words.")
            }
        }

        func run() throws {
            let number = try card.map(CardCommand.number)
            try CommandContext.run(global) { context in
                let (service, report) = try context.wallet()
                let state = context.playlistState(for: service.root)
                let change: LibraryService.CardChange
                var name: String?
                if let number {
                    change = try service.forgetCard(number, playlist: context.playlistOverride, state: state)
                } else {
                    // A disc the capacity hides keeps its card lines: words and ids find it too.
                    let whole =
                        report.wallet.hidden == 0
                        ? report.wallet : try service.wholeWallet(playlist: context.playlistOverride)
                    let disc = try CardCommand.disc(
                        album, service: service, shown: report.wallet, whole: whole)
                    name = LibraryService.cardLabel(disc)
                    change = try service.forgetCards(
                        of: disc.id, playlist: context.playlistOverride, state: state)
                }
                if json {
                    context.print(CardsView.json(change, action: "forget"))
                } else {
                    context.print(CardsView.forgotten(change, album: name))
                }
            }
        }
    }

    /// The wallet disc that `arguments` name: its number among the `shown` discs, or its id
    /// or words matching the album among the `whole` wallet's, the hidden ones too.
    static func disc(_ arguments: [String], service: LibraryService, shown: Wallet, whole: Wallet) throws
        -> Album
    {
        if !CommandContext.wordsOnly, arguments.count == 1, let number = Int(arguments[0]) {
            guard let disc = shown.disc(at: number) else {
                throw CommandFailure(
                    message: DiscRange.outOfRange(number, wallet: shown), code: ExitStatus.usage)
            }
            return disc
        }
        let query = CommandContext.albumQuery(arguments)
        if case .id(let id) = query, let disc = whole.discs.first(where: { $0.id == id }) { return disc }
        let album = try service.album(query)
        guard let disc = WalletBuilder.disc(for: album.standIn, among: whole.discs) else {
            throw WalletChangeError.notInWallet("\(album.albumArtist) — \(album.title)")
        }
        return disc
    }
}
