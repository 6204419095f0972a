import ArgumentParser
import CDWallyCore
import CDWallyLibrary

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

    func run() throws {
        try CommandContext.run(global) { context in
            let (_, report) = try context.wallet()
            let resume = ResumePoints(stateFolder: context.stateFolder(for: report.library))
            if report.wallet.discs.isEmpty { StandardError.emit("cdwally: \(EmptyWallet.reason(report))\n") }
            if json {
                let discs = report.wallet.discs.enumerated().map { offset, album in
                    AlbumJSON.disc(album, position: offset + 1, resume: resume[album])
                }
                context.print(
                    JSONValue.object([
                        ("playlist", .string(report.choice.chosen?.display)),
                        ("capacity", .int(report.wallet.capacity)),
                        ("total", .int(report.wallet.total)),
                        ("discs", .array(discs)),
                    ]))
            } else {
                context.print(DiscsView(report: report, resume: resume, terminal: context.terminal).render())
            }
        }
    }
}
