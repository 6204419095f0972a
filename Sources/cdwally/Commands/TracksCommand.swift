import ArgumentParser
import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallyVocabulary

struct TracksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tracks",
        abstract: "List a disc's tracks in play order.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The disc's position in the wallet (1 = the first).", valueName: "disc"))
    var position: Int
    @Flag(help: "Print the tracks as JSON.") var json = false

    func validate() throws {
        if position < 1 { throw ValidationError("The disc position starts at 1.") }
    }

    func run() throws {
        try CommandContext.run(global) { context in
            let (_, report) = try context.wallet()
            guard let album = report.wallet.disc(at: position) else {
                throw CommandFailure(
                    message: DiscRange.outOfRange(position, wallet: report.wallet), code: ExitStatus.usage)
            }
            if json {
                context.print(
                    JSONValue.object([
                        ("disc", AlbumJSON.discReference(album, position: position)),
                        (
                            "tracks",
                            .array(album.tracks.enumerated().map { AlbumJSON.track($1, index: $0 + 1) })
                        ),
                    ]))
            } else {
                context.print(
                    TracksView(album: album, position: position, terminal: context.terminal).render())
            }
        }
    }
}

/// The message for a disc number the wallet does not have: the player's own words, so
/// `tracks 9`, `play 9` and `disc 9` say the same.
enum DiscRange {
    static func outOfRange(_ position: Int, wallet: Wallet) -> String {
        PlayerError.discOutOfRange(requested: position, walletSize: wallet.discs.count).description
    }
}
