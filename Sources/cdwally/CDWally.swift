import ArgumentParser

/// `cdwally`: plays whole albums from the CDs playlist, like a CD wallet.
struct CDWally: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cdwally",
        abstract: "Play whole albums from your CDs playlist, like a CD wallet.",
        discussion: """
            Keep a playlist named CDs.m3u8 (or CDs.m3u) in your music library. Any track it lists \
            means that track's whole album: a disc in the wallet. See cdwally(1).
            """,
        version: "0.1.0",
        subcommands: [CoverWorkerCommand.self, TerminalCoverCommand.self],
        groupedSubcommands: [
            CommandGroup(
                name: "Wallet",
                subcommands: [
                    DiscsCommand.self, TracksCommand.self, AlbumsCommand.self, AddCommand.self,
                    RemoveCommand.self, CardsCommand.self, CardCommand.self, StatsCommand.self,
                    ScanCommand.self, DoctorCommand.self,
                ]),
            CommandGroup(
                name: "Playing",
                subcommands: [PlayCommand.self, ServeCommand.self, ListDevicesCommand.self, WebCommand.self]),
            CommandGroup(
                name: "Control (a running player)",
                subcommands: controlCommands),
        ],
        defaultSubcommand: DiscsCommand.self)
}
