import ArgumentParser
import CDWallyCore
import CDWallyLibrary
import Foundation

struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Explain how the wallet came to be: library, index, playlist choice, entries.",
        discussion: """
            Brings the whole index up to date first, then looks at the box: the audio output, the \
            session bus for MPRIS, input devices with media keys, a running player, the web remote. \
            The text output is meant to be pasted into a bug report as it is.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the report as JSON.") var json = false

    func run() async throws {
        try await CommandContext.run(global) { context in
            let (service, report): (LibraryService, WalletReport)
            do {
                (service, report) = try context.wallet(wholeTree: true, allowingNoPlaylist: true)
            } catch LibraryError.noLibrary(let tried) {
                // A `serve` waiting for a disk not mounted yet: say so beside the failure.
                var failure = CommandFailure(LibraryError.noLibrary(tried: tried))
                if let waiting = Health.runningPlayerWaitingFor(environment: context.settings.environment) {
                    failure.help =
                        "The running player waits for \(waiting) and starts on it once it is there."
                }
                throw failure
            }
            let diagnosis = Diagnosis(
                report: report, statistics: try service.index.statistics(), albums: try service.albumCount(),
                indexFile: service.index.file, unreadable: try service.index.unreadableFiles(),
                notes: LibraryNotes.load(folder: context.libraryFolder(for: service.root)),
                health: await Health.check(settings: context.settings),
                cards: try? service.cards(
                    playlist: context.playlistOverride, capacity: context.settings.capacity))
            if json {
                context.print(diagnosis.json())
            } else {
                context.print(diagnosis.text(terminal: context.terminal))
            }
        }
    }
}
