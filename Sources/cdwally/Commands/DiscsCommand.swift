import ArgumentParser
import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallyVocabulary
import Foundation

struct DiscsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discs",
        abstract: "List the discs in the wallet.",
        discussion: """
            The wallet is the CDs playlist (CDs.m3u or CDs.m3u8 in the library) read as a list of \
            albums: any track listed means its whole album. Discs are sorted by artist, then \
            release date, then title.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the wallet as JSON.") var json = false
    @Flag(help: "Show how often and how lately each disc was played (the listening history).")
    var played = false

    func run() throws {
        try CommandContext.run(global) { context in
            let (_, report) = try context.wallet()
            let resume = try ResumePoints(stateFolder: context.stateFolder)
            let plays = played ? try Self.plays(stateFolder: context.stateFolder) : nil
            if report.wallet.discs.isEmpty { StandardError.emit("cdwally: \(EmptyWallet.reason(report))\n") }
            if json {
                let discs = report.wallet.discs.enumerated().map { offset, album in
                    let disc = AlbumJSON.disc(album, position: offset + 1, resume: resume[album])
                    guard let plays, case .object(let members) = disc else { return disc }
                    return .object(members + [("played", Self.playedJSON(plays[album.id]))])
                }
                context.print(
                    JSONValue.object([
                        ("playlist", .string(report.choice.chosen?.display)),
                        ("capacity", .int(report.wallet.capacity)),
                        ("total", .int(report.wallet.total)),
                        ("discs", .array(discs)),
                    ]))
            } else {
                context.print(
                    DiscsView(
                        report: report, resume: resume, plays: plays, now: Date(), terminal: context.terminal
                    )
                    .render())
            }
        }
    }

    /// Every disc's listening totals, dated by this machine's clock; a damaged history is said
    /// in one line and counts as none (and stays where it is); a newer one is refused.
    private static func plays(stateFolder: String) throws(PlayerError) -> [AlbumID: DiscTotals] {
        let log = ListeningLog(directory: RawPath(stateFolder), access: .reading)
        if let refusal = log.refusal { throw refusal }
        for problem in log.problems { StandardError.emit("cdwally: \(problem)\n") }
        return log.history.dated(asOf: Date()).history.totals
    }

    /// `"played"` in `discs --played --json`: null for a disc never played.
    private static func playedJSON(_ totals: DiscTotals?) -> JSONValue {
        guard let totals else { return .null }
        return .object([
            ("listens", .int(totals.listens)),
            ("finished", .int(totals.finished)),
            ("seconds", .seconds(totals.seconds)),
            ("lastPlayed", .string(totals.lastDated.map(Format.timestamp))),
        ])
    }
}
