import ArgumentParser
import CDWallyCore
import CDWallyLibrary
import Foundation

struct AlbumsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "albums",
        abstract: "List the albums of the whole library, to choose what goes in the wallet.",
        discussion: """
            One row per album, as the wallet makes albums (disc folders joined, each edition a row \
            of its own), sorted as the wallet sorts. An album in the wallet shows its disc number; \
            an edition of a disc shows "=N", the disc it would merge into. Words filter: each must \
            match the album artist, the album, an artist or the year, ignoring case and accents. \
            It answers from the index as it stands (cdwally scan brings it up to date); a library \
            never scanned whole is scanned first. `cdwally add ID` puts an album in the wallet.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the albums as JSON.") var json = false
    @Argument(help: ArgumentHelp("Words that every album listed must match.", valueName: "word"))
    var words: [String] = []

    func run() throws {
        try CommandContext.run(global) { context in
            let service = try context.scannedLibrary()
            let (total, albums) = try service.albums(matching: words)
            let (_, report) = try context.wallet(allowingNoPlaylist: true)
            // A disc the capacity hides is shown as hidden, not as outside the wallet (§11).
            let whole =
                report.wallet.hidden == 0
                ? report.wallet
                : try service.wallet(playlist: context.playlistOverride, capacity: 0, wholeTree: false).wallet
            let places = LibraryService.places(of: albums, in: whole, capacity: report.wallet.capacity)
            if albums.isEmpty && !words.isEmpty {
                StandardError.emit(
                    "cdwally: no album of the library matches \"\(words.joined(separator: " "))\"\n")
            }
            if json {
                let resume = try ResumePoints(stateFolder: context.stateFolder)
                context.print(
                    JSONValue.object([
                        ("library", .string(service.root.display)),
                        ("total", .int(total)),
                        (
                            "albums",
                            .array(
                                albums.map { album in
                                    let place = places[album.id]
                                    return AlbumJSON.libraryAlbum(
                                        album, inWallet: place?.disc, mergesInto: place?.mergesInto,
                                        hidden: place?.isHidden == true,
                                        resume: place?.disc.flatMap { report.wallet.disc(at: $0) }.flatMap {
                                            resume[$0]
                                        })
                                })
                        ),
                    ]))
            } else {
                context.print(
                    AlbumsView(albums: albums, total: total, places: places, terminal: context.terminal)
                        .render())
            }
        }
    }
}
