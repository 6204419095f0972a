import ArgumentParser
import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallyVocabulary
import Foundation

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show what you played: time heard, discs finished, most played, not played lately.",
        discussion: """
            Reads the listening history kept in the state folder (listens.json beside \
            resume.json); no player needs to run. A listen is a disc put on and taken off again; it \
            is remembered when 30 seconds or more were heard, or when the disc played to its end with \
            half of it heard. \
            --forget and --forget-all erase history. See cdwally(1).
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the statistics as JSON.") var json = false
    @Option(
        help: ArgumentHelp(
            "Erase the listening history of one disc: a wallet position or a disc id.", valueName: "disc"))
    var forget: String?
    @Flag(help: "Erase the whole listening history of this library.") var forgetAll = false

    func validate() throws {
        if forget != nil && forgetAll {
            throw ValidationError("--forget and --forget-all do not go together.")
        }
        if let forget, forget.isEmpty {
            throw ValidationError("--forget takes a wallet position or a disc id.")
        }
    }

    func run() throws {
        try CommandContext.run(global) { context in
            let (_, report) = try context.wallet()
            // Only a command that erases may set a damaged file aside; showing moves nothing.
            let log = ListeningLog(
                directory: RawPath(context.stateFolder),
                access: forget != nil || forgetAll ? .writing : .reading)
            if let refusal = log.refusal { throw refusal }
            for problem in log.problems { StandardError.emit("cdwally: \(problem)\n") }
            if forgetAll {
                try log.forgetAll()
                context.print("Forgot the whole listening history (\(log.file.display)).")
            } else if let forget {
                let (disc, name) = try Self.disc(forget, in: report.wallet, history: log.history)
                try log.forget(disc)
                context.print("Forgot the listening history of \(name).")
            } else {
                let now = Date()
                let stats = ListeningStats(history: log.history, wallet: report.wallet.discs, now: now)
                if stats.aheadOfClock > 0 {
                    StandardError.emit("cdwally: \(StatsView.aheadOfClock(stats.aheadOfClock, now: now))\n")
                }
                if json {
                    context.print(StatsJSON.render(stats, log: log.file.display))
                } else {
                    context.print(StatsView(stats: stats, now: now, terminal: context.terminal).render())
                }
            }
        }
    }

    /// The disc `text` names: a wallet position, else the id of a disc in the wallet or the
    /// history (one that left the wallet can still be forgotten).
    private static func disc(_ text: String, in wallet: Wallet, history: ListeningHistory) throws -> (
        AlbumID, String
    ) {
        if let position = Int(text) {
            guard let album = wallet.disc(at: position) else {
                throw PlayerError.discOutOfRange(requested: position, walletSize: wallet.discs.count)
            }
            return (album.id, "disc \(position), \(album.albumArtist) – \(album.title)")
        }
        let id = AlbumID(rawValue: text)
        if let album = wallet.discs.first(where: { $0.id == id }) {
            return (id, "\(album.albumArtist) – \(album.title)")
        }
        guard let totals = history.totals[id] else {
            throw CommandFailure(
                message: "there is no disc \(text) in the wallet or the listening history",
                code: ExitStatus.usage)
        }
        return (id, "\(totals.artist) – \(totals.title)")
    }
}
