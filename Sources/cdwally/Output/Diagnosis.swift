import CDWallyCore
import CDWallyLibrary
import Foundation

/// What `doctor` reports, as JSON and as text for a bug report.
struct Diagnosis {
    let report: WalletReport
    let statistics: IndexStatistics
    let albums: Int
    let indexFile: String
    let unreadable: [(path: RawPath, reason: String)]
    let notes: LibraryNotes
    /// The box around the library: audio, bus, input devices, player, web remote.
    var health: Health? = nil
    /// The playlist's cards, for the warnings about them (docs/PRODUCT.md §11).
    var cards: LibraryService.CardList? = nil

    func json() -> JSONValue {
        let counts = report.entries
        return .object([
            ("library", .string(report.library.display)),
            (
                "index",
                .object([
                    ("tracks", .int(statistics.tracks)), ("albums", .int(albums)),
                    ("unreadable", .int(statistics.unreadable)),
                    ("lastScan", .string(statistics.lastFullScan.map(Format.timestamp))),
                ])
            ),
            (
                "playlist",
                .object([
                    ("chosen", .string(report.choice.chosen?.display)),
                    ("reason", .string(report.choice.reason)),
                    ("looksLikePlaylist", .bool(report.looksLikePlaylist)),
                    (
                        "candidates",
                        .array(
                            report.choice.candidates.map { candidate in
                                .object([
                                    ("path", .string(candidate.path.display)),
                                    ("modified", .string(Format.timestamp(candidate.modifiedDate))),
                                    ("entries", .int(candidate.entries)),
                                    ("resolvable", .int(candidate.resolvable)),
                                ])
                            })
                    ),
                ])
            ),
            (
                "entries",
                .object([
                    ("total", .int(counts.total)), ("resolved", .int(counts.resolved)),
                    ("resolvedByTags", .int(counts.resolvedByTags)), ("merged", .int(counts.merged)),
                    ("streams", .int(counts.streams)),
                    (
                        "unavailable",
                        .array(
                            counts.unavailable.map {
                                .object([
                                    ("line", .int($0.line)), ("entry", .string($0.entry)),
                                    ("reason", .string($0.reason)),
                                ])
                            })
                    ),
                    (
                        "rerouted",
                        .array(
                            counts.rerouted.map {
                                .object([
                                    ("line", .int($0.line)), ("entry", .string($0.entry)),
                                    ("route", .string($0.route.description)),
                                ])
                            })
                    ),
                ])
            ),
            (
                "wallet",
                .object([("discs", .int(report.wallet.discs.count)), ("hidden", .int(report.wallet.hidden))])
            ),
            (
                "cards",
                .object([
                    ("count", .int(cards?.cards.count ?? 0)),
                    ("warnings", .array((cards.map(CardsView.warnings) ?? []).map { .string($0) })),
                ])
            ),
            ("lastError", .string(notes.lastError?.message)),
            ("health", health?.json() ?? .null),
        ])
    }

    func text(terminal: Terminal) -> String {
        var lines = ["cdwally \(CDWally.configuration.version) doctor, \(Format.timestamp(Date()))", ""]
        func section(_ title: String, _ first: String, _ rest: [String] = []) {
            let label = title.padding(toLength: 12, withPad: " ", startingAt: 0)
            lines.append(terminal.bold(label) + first)
            lines += rest.map { String(repeating: " ", count: 12) + $0 }
        }
        section("Library", report.library.display)
        section(
            "Index", indexFile,
            [
                "\(Format.count(statistics.tracks, "track")) in \(Format.count(albums, "album")), "
                    + "\(statistics.unreadable) unreadable; last full scan "
                    + (statistics.lastFullScan.map(Format.timestamp) ?? "never")
            ])
        let candidates = report.choice.candidates.map { candidate in
            "\(Format.timestamp(candidate.modifiedDate))  \(candidate.entries.map { "\($0) entries" } ?? "unread")"
                + (candidate.resolvable.map { ", \($0) resolvable" } ?? "") + "  \(candidate.path.display)"
        }
        let encoding =
            report.looksLikePlaylist
            ? report.encoding.map { " (\($0.rawValue))" } ?? ""
            : " (binary data: does not look like a playlist)"
        section(
            "Playlist", (report.choice.chosen?.display ?? "none") + encoding,
            ["why: \(report.choice.reason)"]
                + (candidates.count > 1 || report.choice.chosen == nil ? candidates : []))
        let counts = report.entries
        section(
            "Entries",
            "\(counts.total) in all: \(counts.resolved) resolved (\(counts.resolvedByTags) found by tags), "
                + "\(counts.merged) merged, \(counts.streams) streams, \(counts.unavailable.count) unavailable",
            counts.unavailable.map { "line \($0.line): \($0.entry): \($0.reason)" }
                + counts.rerouted.map { "line \($0.line): \($0.entry): \($0.route)" })
        let capacity = report.wallet.capacity == 0 ? "no limit" : "capacity \(report.wallet.capacity)"
        section(
            "Wallet",
            "\(Format.count(report.wallet.discs.count, "disc")) shown, \(report.wallet.hidden) hidden (\(capacity))"
        )
        if let cards, !cards.cards.isEmpty || !cards.bad.isEmpty {
            section("Cards", Format.count(cards.cards.count, "card"), CardsView.warnings(cards))
        }
        section(
            "Last error",
            notes.lastError.map { "\($0.message) (\(Format.timestamp($0.time)))" } ?? "none")
        for item in health?.sections() ?? [] { section(item.title, item.first, item.rest) }
        if !unreadable.isEmpty {
            section("Unreadable", "", unreadable.map { "\($0.path.display): \($0.reason)" })
        }
        if !report.scan.problems.isEmpty {
            section("Problems", "", report.scan.problems.map(\.description))
        }
        return lines.joined(separator: "\n")
    }
}
