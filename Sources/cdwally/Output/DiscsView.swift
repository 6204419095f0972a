import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallyVocabulary
import Foundation

/// The wallet as a table for people.
struct DiscsView {
    let report: WalletReport
    let resume: ResumePoints
    /// Each disc's listening totals, with `--played`.
    var plays: [AlbumID: DiscTotals]? = nil
    var now = Date()
    let terminal: Terminal

    /// The playlist as a path inside the library when it is one, else in full.
    private var playlistName: String {
        guard let chosen = report.choice.chosen else { return "(no playlist)" }
        if chosen.isInside(report.library) {
            return RawPath(bytes: chosen.bytes.dropFirst(report.library.bytes.count + 1)).display
        }
        return chosen.display
    }

    func render() -> String {
        let wallet = report.wallet
        var lines: [String] = []
        // What the capacity hides is said every time, not only in the one-time notice.
        let shown =
            wallet.hidden > 0
            ? "\(wallet.discs.count) of \(Format.count(wallet.total, "disc"))"
            : Format.count(wallet.discs.count, "disc")
        let heading = "CD wallet: \(shown) from \(playlistName)"
        lines.append(terminal.bold(DisplayWidth.truncate(heading, to: terminal.width)))
        // Why it is empty goes to stderr once (`DiscsCommand`), not here a second time.
        guard !wallet.discs.isEmpty else { return lines.joined(separator: "\n") }
        let showResume = wallet.discs.contains { resume[$0] != nil }
        var table = TextTable(
            [
                .init(title: "#", alignRight: true), .init(title: "Artist", flexible: true),
                .init(title: "Album", flexible: true), .init(title: "Year"),
                .init(title: "Tracks", alignRight: true),
                .init(title: "Time", alignRight: true),
            ] + (showResume ? [.init(title: "Resume")] : []) + (plays != nil ? [.init(title: "Played")] : []))
        for (offset, album) in wallet.discs.enumerated() {
            var row = [
                String(offset + 1), album.albumArtist, album.title, album.year.map(String.init) ?? "",
                String(album.trackCount), Format.duration(album.duration),
            ]
            if showResume {
                row.append(resume[album].map { "track \($0.track) at \(Format.duration($0.position))" } ?? "")
            }
            if let plays {
                row.append(Self.played(plays[album.id], now: now))
            }
            table.append(row)
        }
        lines.append("")
        lines.append(table.render(width: terminal.width, header: terminal.dim))
        return lines.joined(separator: "\n")
    }

    /// "played 4×, last 3 days ago", or "never played".
    static func played(_ totals: DiscTotals?, now: Date) -> String {
        guard let totals else { return "never played" }
        let last = totals.lastDated.map { Format.ago($0, now: now) } ?? "at an unknown time"
        return "played \(totals.listens)×, last \(last)"
    }
}
