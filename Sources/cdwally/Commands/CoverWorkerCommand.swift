import ArgumentParser
import CDWallyWeb

/// `cdwally cover-worker [--sizes 128,256] [--] FOLDER SOURCE...`: not for users (hidden from --help). The web remote
/// starts it to make cover thumbnails in a process of their own (`CoverWorker`).
struct CoverWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cover-worker",
        abstract: "Make the web remote's cover thumbnails (started by the web remote).",
        shouldDisplay: false)

    @Option(help: "The sizes to make, comma-separated (default: every size the pages use).")
    var sizes: String?
    @Argument(help: "The folder the thumbnails go to.") var folder: String
    @Argument(help: "The pictures, each answered by a line on standard output.") var sources: [String] = []

    func validate() throws {
        if let sizes, CoverWorker.sizes(parsing: sizes) == nil {
            throw ValidationError("--sizes takes sizes of \(CoverWorker.sizes), comma-separated.")
        }
    }

    func run() throws {
        let chosen = sizes.flatMap(CoverWorker.sizes(parsing:)) ?? CoverWorker.sizes
        let status = CoverWorker.run(folder: folder, sources: sources, sizes: chosen)
        if status != 0 { throw ExitCode(status) }
    }
}
