import ArgumentParser
import CDWallyCore
import CDWallyLibrary
import Foundation

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Take a disc out of the wallet (the CDs playlist).",
        discussion: """
            Name the disc by its number in the wallet, its id, or words that must all match it \
            (after --, words are words even when they look like a number: cdwally remove -- 1999). \
            Every line of the CDs playlist that leads to the album goes, with its #EXTINF line: \
            several tracks of it, editions merged into it, and a #CDWALLY-CARD: line above it. \
            Every other byte stays. A disc hidden by the capacity can be removed by its id or words. A line that \
            leads to other albums too (a folder) stops it, with nothing changed (exit 65). \
            --dry-run shows the lines it would take. `cdwally add ID` undoes it: it puts back the very \
            lines taken, where they were if the playlist has not changed since (else at its end), \
            whatever the capacity.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print what changed as JSON.") var json = false
    @Flag(help: "Show the lines that would go, and change nothing.") var dryRun = false
    @Argument(help: ArgumentHelp("The disc: its number, its id, or words.", valueName: "disc"))
    var disc: [String] = []

    func validate() throws {
        if disc.isEmpty { throw ValidationError("Name a disc: its number, its id, or words.") }
        if !CommandContext.wordsOnly, disc.count == 1, let number = Int(disc[0]), number < 1 {
            throw ValidationError("The disc position starts at 1.")
        }
    }

    func run() throws {
        try CommandContext.run(global) { context in
            let (service, report) = try context.wallet()
            let id: AlbumID
            if !CommandContext.wordsOnly, disc.count == 1, let number = Int(disc[0]) {
                guard let album = report.wallet.disc(at: number) else {
                    throw CommandFailure(
                        message: DiscRange.outOfRange(number, wallet: report.wallet), code: ExitStatus.usage)
                }
                id = album.id
            } else {
                // Any disc the playlist holds, shown or hidden by the capacity (docs/PRODUCT.md §11).
                let whole =
                    report.wallet.hidden == 0
                    ? report.wallet
                    : try service.wallet(playlist: context.playlistOverride, capacity: 0, wholeTree: false)
                        .wallet
                id = try Self.disc(of: CommandContext.albumQuery(disc), service: service, wallet: whole)
            }
            let change = try service.remove(
                id, playlist: context.playlistOverride, capacity: context.settings.capacity,
                state: context.playlistState(for: service.root),
                undoFolder: context.undoFolder(for: service.root),
                dryRun: dryRun)
            let view = WalletChangeView(change: change, library: service.root)
            if json {
                context.print(view.json(action: dryRun ? "dry-run" : "remove"))
            } else {
                context.print(view.removedText(dryRun: dryRun))
            }
        }
    }

    /// The wallet disc `query` names: a disc of the wallet itself when its words or id name one
    /// (the wallet may hold albums the index has not summed up yet), else the disc an album of
    /// the library is, or merges into.
    private static func disc(of query: AlbumQuery, service: LibraryService, wallet: Wallet) throws -> AlbumID
    {
        switch query {
        case .id(let id) where wallet.position(of: id) != nil: return id
        case .words(let words):
            let folded = AlbumSummary.filterWords(words)
            var matching = wallet.discs.compactMap(AlbumSummary.init).filter { $0.matches(folded) }
            if matching.count > 1 { matching = matching.filter { $0.matchesWholly(folded) } }
            if matching.count == 1, let only = matching.first { return only.id }
            if matching.count > 1 { throw WalletChangeError.ambiguous(query.written, matching) }
        default: break
        }
        let album = try service.album(query)
        guard let disc = WalletBuilder.disc(for: album.standIn, among: wallet.discs) else {
            throw WalletChangeError.notInWallet("\(album.albumArtist) — \(album.title)")
        }
        return disc.id
    }
}
