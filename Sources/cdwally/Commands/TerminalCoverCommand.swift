import ArgumentParser
import CDWallyTerminal

/// `cdwally terminal-cover COLUMNS ROWS CELL_WIDTH CELL_HEIGHT [--] SOURCE`: not for users
/// (hidden from --help). `play`'s display starts it to draw a disc's cover in a process of its
/// own (`TerminalCoverWorker`).
struct TerminalCoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terminal-cover",
        abstract: "Draw a disc's cover for the terminal display (started by `play`).",
        shouldDisplay: false)

    @Argument(help: "The picture's width in cells.") var columns: Int
    @Argument(help: "The picture's height in cells.") var rows: Int
    @Argument(help: "A cell's width in pixels (0: unknown).") var cellWidth: Int
    @Argument(help: "A cell's height in pixels (0: unknown).") var cellHeight: Int
    @Argument(help: "The picture.") var source: String

    func run() throws {
        let status = TerminalCoverWorker.run(
            source: source, columns: columns, rows: rows, cell: (cellWidth, cellHeight))
        if status != 0 { throw ExitCode(status) }
    }
}
