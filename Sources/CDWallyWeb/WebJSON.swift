import CDWallyCore
import CDWallyPlayer
import Foundation

/// The JSON shapes of API v1 (PROTOCOL.md beside this file). Discs and tracks read as they do
/// in `cdwally discs --json` and `tracks --json` (`AlbumJSON`), plus what a page needs.
enum WebJSON {
    /// The player's state at revision `revision`, as the WebSocket and `GET /api/v1/state`
    /// send it. `at` (Unix seconds) is when `elapsed` was true: a page runs the clock on from there.
    static func state(
        _ snapshot: PlayerSnapshot, revision: Int, walletRevision: Int, at: Date, covers: CoverThumbnails
    ) -> JSONValue {
        .object([
            ("revision", .int(revision)),
            ("at", .seconds(at.timeIntervalSince1970)),
            ("state", .string(snapshot.state.rawValue)),
            (
                "disc",
                snapshot.disc.map { disc in
                    .object([
                        ("position", .int(disc.position)), ("id", .string(disc.album.id.rawValue)),
                        ("albumArtist", .string(disc.album.albumArtist)),
                        ("album", .string(disc.album.title)),
                        ("year", .int(disc.album.year)), ("trackCount", .int(disc.album.trackCount)),
                        ("covers", coverURLs(disc.album, covers)),
                    ])
                } ?? .null
            ),
            ("trackIndex", .int(snapshot.trackIndex)),
            (
                "track",
                snapshot.track.map {
                    AlbumJSON.track($0, index: snapshot.trackIndex ?? 1, duration: snapshot.duration)
                }
                    ?? .null
            ),
            ("elapsed", .seconds(snapshot.elapsed)),
            ("duration", snapshot.duration.map(JSONValue.seconds) ?? .null),
            ("volume", .int(snapshot.volume)),
            ("muted", .bool(snapshot.muted)),
            ("sleep", sleep(snapshot.sleep)),
            ("shuffle", .bool(snapshot.shuffle)),
            ("waitingForOutput", .bool(snapshot.waitingForOutput)),
            ("walletRevision", .int(walletRevision)),
            ("site", .string(WebSite.revision)),
        ])
    }

    /// The sleep timer as a deadline (seconds since 1970), for the page's own clock.
    private static func sleep(_ state: SleepState?) -> JSONValue {
        switch state {
        case .at(let deadline)?:
            .object([("mode", .string("timer")), ("until", .seconds(deadline.timeIntervalSince1970))])
        case .endOfDisc?: .object([("mode", .string("end-of-disc"))])
        case nil: .null
        }
    }

    static func wallet(
        _ wallet: Wallet, resume: ResumeStore, plays: [AlbumID: DiscTotals] = [:], covers: CoverThumbnails
    ) -> JSONValue {
        .object([
            ("total", .int(wallet.total)), ("hidden", .int(wallet.hidden)),
            (
                "discs",
                .array(
                    wallet.discs.enumerated().map { offset, album in
                        disc(
                            album, position: offset + 1, resume: resume, played: plays[album.id],
                            covers: covers)
                    })
            ),
        ])
    }

    /// A disc with its resume point, what the listening history holds of it, and its cover;
    /// with `tracks` its track list too.
    static func disc(
        _ album: Album, position: Int, resume: ResumeStore, played: DiscTotals? = nil,
        covers: CoverThumbnails,
        tracks: Bool = false
    ) -> JSONValue {
        let point = resume.resumePoint(for: album).flatMap { $0 == .start ? nil : $0 }
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
        .object([("error", .object([("code", .string(error.code)), ("message", .string(error.message))]))])
    }
}
