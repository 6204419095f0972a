import ArgumentParser
import CDWallyCore
import Foundation

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Bring the whole library index up to date.",
        discussion: """
            Other commands index only the folders the CDs playlist needs; scan walks the whole \
            library. Files whose size and modification time did not change are not read again.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the counts as JSON.") var json = false

    func run() throws {
        try CommandContext.run(global) { context in
            let started = Date()
            let service = try context.library()
            let report = try service.scan()
            let seconds = Date().timeIntervalSince(started)
            ProblemLines.emit(report.delta.problems.map(\.description))
            let delta = report.delta
            if json {
                context.print(
                    JSONValue.object([
                        ("added", .int(delta.added)), ("changed", .int(delta.changed)),
                        ("removed", .int(delta.removed)),
                        ("unreadable", .int(report.statistics.unreadable)),
                        ("tracks", .int(report.statistics.tracks)),
                        ("albums", .int(report.albums)), ("seconds", .seconds(seconds)),
                    ]))
            } else {
                context.print(
                    """
                    Scanned \(service.root.display) in \(String(format: "%.2f", seconds)) s: \
                    \(delta.added) added, \(delta.changed) changed, \(delta.removed) removed.
                    Index: \(Format.count(report.statistics.tracks, "track")) in \(Format.count(report.albums, "album")); \
                    \(Format.count(report.statistics.unreadable, "unreadable file")).
                    """)
            }
        }
    }
}
