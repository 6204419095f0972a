import CDWallyCore
import CDWallyVocabulary
import Foundation

/// The JSON shapes of API v1 (PROTOCOL.md beside this file). Discs and tracks read as they do
/// in `cdwally discs --json` and `tracks --json` (`AlbumJSON`), plus what a page needs.
enum WebJSON {
    /// The player's state at revision `revision`, as the WebSocket and `GET /api/v1/state`
    /// send it: the one status shape (`PlayerStatus`, as `cdwally status --json` prints it,
    /// with what the host adds), its disc with covers, inside the feed's own members. `at`
    /// (Unix seconds) is when `elapsed` was true: a page runs the clock on from there.
    static func state(
        _ status: PlayerStatus, revision: Int, walletRevision: Int, at: Date, covers: CoverThumbnails,
        album: Album?
    ) -> JSONValue {
        let members = status.members.map { name, value -> (String, JSONValue) in
            guard name == "disc", case .object(let fields) = value, let album else { return (name, value) }
            return (name, .object(fields + [("covers", coverURLs(album, covers))]))
        }
        return .object(
            [("revision", .int(revision)), ("at", .seconds(at.timeIntervalSince1970))] + members
                + [("walletRevision", .int(walletRevision)), ("site", .string(WebSite.revision))])
    }

    /// The wallet with each disc's resume point and listening totals, as `view` holds them.
    static func wallet(_ wallet: Wallet, view: any PlayerView, covers: CoverThumbnails) -> JSONValue {
        let plays = view.listeningTotals
        return .object([
            ("total", .int(wallet.total)), ("hidden", .int(wallet.hidden)),
            (
                "discs",
                .array(
                    wallet.discs.enumerated().map { offset, album in
                        disc(
                            album, position: offset + 1, resume: view.resumePoint(for: album),
                            played: plays[album.id],
                            covers: covers)
                    })
            ),
        ])
    }

    /// A disc with its resume point, what the listening history holds of it, and its cover;
    /// with `tracks` its track list too.
    static func disc(
        _ album: Album, position: Int, resume: ResumePoint?, played: DiscTotals? = nil,
        covers: CoverThumbnails,
        tracks: Bool = false
    ) -> JSONValue {
        let point = resume.flatMap { $0 == .start ? nil : $0 }
        guard
            case .object(var fields) = AlbumJSON.disc(
                album, position: position, resume: point.map { .init(track: $0.track, position: $0.position) }
            )
        else { return .null }
        fields.append(("played", self.played(played)))
        fields.append(("covers", coverURLs(album, covers)))
        if tracks {
            fields.append(
                ("tracks", .array(album.tracks.enumerated().map { AlbumJSON.track($1, index: $0 + 1) })))
        }
        return .object(fields)
    }

    /// `{"listens", "finished", "seconds", "lastPlayed"}` (seconds since 1970, as `until`; null
    /// when no listen of it has a date the clock can trust), or null for a disc never played.
    static func played(_ totals: DiscTotals?) -> JSONValue {
        guard let totals else { return .null }
        return .object([
            ("listens", .int(totals.listens)), ("finished", .int(totals.finished)),
            ("seconds", .seconds(totals.seconds)),
            ("lastPlayed", totals.lastDated.map { .seconds($0.timeIntervalSince1970) } ?? .null),
        ])
    }

    /// Where a page finds `album`'s cover at each size (`{"128": url, …}`), or null while
    /// there is none (yet).
    static func coverURLs(_ album: Album, _ covers: CoverThumbnails) -> JSONValue {
        guard let urls = covers.urls(for: album) else { return .null }
        return .object(urls.sorted { $0.key < $1.key }.map { (String($0.key), .string($0.value)) })
    }

    static func error(_ error: WebRequestError) -> JSONValue {
        .object([
            (
                "error",
                .object(
                    [("code", .string(error.code)), ("message", .string(error.message))]
                        + (error.kind.map { [("kind", .string($0))] } ?? []))
            )
        ])
    }
}
