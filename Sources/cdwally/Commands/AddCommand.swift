import ArgumentParser
import CDWallyCore
import CDWallyLibrary
import Foundation

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Put an album of the library into the wallet (the CDs playlist).",
        discussion: """
            Name the album by its id (from cdwally albums), by a path to one of its tracks or \
            folders, or by words that must all match it. cdwally appends one line to the CDs \
            playlist, the album's first track, written like the playlist's other lines, and \
            changes nothing else; with no CDs playlist it makes CDs.m3u8 at the library's root. \
            An album already in the wallet, or an edition of a disc there, changes nothing. \
            A wallet whose playlist holds as many discs as its capacity, or more, takes no more: \
            nothing is written, and it exits 64 naming the discs that could go. The undo of a \
            `cdwally remove` (`cdwally add ID` of the disc just removed) puts back the very lines \
            taken, whatever the capacity. The line is read back before it is written and the \
            wallet checked after: an album that would not be in the wallet is refused (exit 65), \
            the playlist as it was. --dry-run shows the line it would write. A running player \
            shows the new wallet at once. `cdwally remove ID` undoes it.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print what changed as JSON.") var json = false
    @Flag(help: "Show the lines that would be written, and change nothing.") var dryRun = false
    @Argument(help: ArgumentHelp("The album: its id, a path, or words.", valueName: "album"))
    var album: [String] = []

    func validate() throws {
        if album.isEmpty { throw ValidationError("Name an album: its id, a path, or words.") }
    }

    func run() throws {
        try CommandContext.run(global) { context in
            let (service, change) = try context.addAlbum(namedBy: album, dryRun: dryRun)
            let view = WalletChangeView(change: change, library: service.root)
            if json {
                context.print(view.json(action: dryRun ? "dry-run" : "add"))
            } else {
                context.print(view.addedText(dryRun: dryRun))
            }
        }
    }
}
