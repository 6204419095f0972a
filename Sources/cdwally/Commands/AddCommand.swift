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
            A running player shows the new wallet at once. `cdwally remove ID` undoes it.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print what changed as JSON.") var json = false
    @Argument(help: ArgumentHelp("The album: its id, a path, or words.", valueName: "album"))
    var album: [String] = []

    func validate() throws {
        if album.isEmpty { throw ValidationError("Name an album: its id, a path, or words.") }
    }

    func run() throws {
        try CommandContext.run(global) { context in
            let (service, change) = try context.addAlbum(namedBy: album)
            if json {
                context.print(WalletChangeView(change: change, library: service.root).json(action: "add"))
            } else {
                context.print(WalletChangeView(change: change, library: service.root).addedText())
            }
        }
    }
}
