import ArgumentParser
import CDWallyWeb

/// `cdwally cover-worker [--] FOLDER SOURCE...`: not for users (hidden from --help). The web remote
/// starts it to make cover thumbnails in a process of their own (`CoverWorker`).
struct CoverWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cover-worker",
        abstract: "Make the web remote's cover thumbnails (started by the web remote).",
        shouldDisplay: false)

    @Argument(help: "The folder the thumbnails go to.") var folder: String
    @Argument(help: "The pictures, each answered by a line on standard output.") var sources: [String] = []

    func run() throws {
        let status = CoverWorker.run(folder: folder, sources: sources)
        if status != 0 { throw ExitCode(status) }
    }
}
