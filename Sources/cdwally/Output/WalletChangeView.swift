import CDWallyCore
import CDWallyLibrary

/// What `add` and `remove` say: what changed, where, what it did to the wallet, and the
/// command that undoes it (docs/PRODUCT.md §10).
struct WalletChangeView {
    let change: LibraryService.WalletChange
    let library: RawPath

    private var playlistName: String {
        change.playlist.isInside(library)
            ? RawPath(bytes: change.playlist.bytes.dropFirst(library.bytes.count + 1)).display
            : change.playlist.display
    }

    private static func name(_ album: Album) -> String { "\(album.albumArtist) — \(album.title)" }
    private static func name(_ album: AlbumSummary) -> String { "\(album.albumArtist) — \(album.title)" }

    func addedText(dryRun: Bool = false) -> String {
        guard let album = change.album else { return "" }
        var lines: [String] = []
        if dryRun && !change.addedLines.isEmpty {
            lines.append(
                "Would add \(Self.name(album))"
                    + (change.position.map { " as disc \($0)" } ?? "") + " to \(playlistName):")
            lines += change.addedLines.map { "  \($0.line): \($0.text)" }
            return lines.joined(separator: "\n")
        }
        if !change.written {
            let where_ = change.position.map { "disc \($0)" } ?? "in the wallet, hidden by its capacity"
            if let disc = change.disc, disc.id != album.id {
                lines.append(
                    "\(Self.name(album)) is an edition of \(Self.name(disc)), \(where_); nothing changed.")
            } else {
                lines.append("\(Self.name(album)) is \(where_) already; nothing changed.")
            }
            return lines.joined(separator: "\n")
        }
        if change.createdPlaylist { lines.append("Made the CDs playlist \(change.playlist.display).") }
        if change.restored {
            lines.append(
                "Put back \(Self.name(album))" + (change.position.map { " as disc \($0)" } ?? "")
                    + " (\(playlistName), \(change.addedLines.count == 1 ? "line" : "lines") "
                    + change.addedLines.map { String($0.line) }.joined(separator: ", ") + ").")
        } else if let position = change.position {
            lines.append("Added \(Self.name(album)) as disc \(position) (\(playlistName)).")
        } else {
            lines.append("Added \(Self.name(album)) to \(playlistName).")
        }
        if let hidden = change.nowHidden {
            let which = hidden.id == album.id ? "it" : Self.name(hidden)
            lines.append(
                "The wallet now holds \(Format.count(change.wallet.total, "disc")) and shows "
                    + "\(change.wallet.capacity) (its capacity): \(which) is not shown. Use --capacity N, "
                    + "or capacity = N in config.toml (0 = no limit).")
        }
        lines.append("Undo: cdwally remove \(album.id)")
        return lines.joined(separator: "\n")
    }

    func removedText(dryRun: Bool) -> String {
        guard let disc = change.disc else { return "" }
        let numbers = change.removedLines.map { String($0.line) }.joined(separator: ", ")
        var lines = [
            dryRun
                ? "Would remove \(Self.name(disc)) from \(playlistName): "
                    + "\(change.removedLines.count == 1 ? "line" : "lines") \(numbers):"
                : "Removed \(Self.name(disc)) from \(playlistName) "
                    + "(\(change.removedLines.count == 1 ? "line" : "lines") \(numbers))."
        ]
        if dryRun {
            lines += change.removedLines.map { "  \($0.line): \($0.text)" }
        } else {
            lines.append("Undo: cdwally add \(disc.id)")
        }
        return lines.joined(separator: "\n")
    }

    func json(action: String) -> JSONValue {
        let album = change.album
        return .object([
            ("action", .string(action)),
            ("changed", .bool(change.written)),
            ("playlist", .string(change.playlist.display)),
            ("created", .bool(change.createdPlaylist)),
            ("id", .string((album?.id ?? change.disc?.id)?.rawValue)),
            ("disc", .int(change.position)),
            (
                "mergesInto",
                .string(change.disc.flatMap { album != nil && $0.id != album?.id ? $0.id.rawValue : nil })
            ),
            ("hidden", .string(change.nowHidden?.id.rawValue)),
            ("restored", .bool(change.restored)),
            (
                "lines",
                .array(
                    (change.album == nil ? change.removedLines : change.addedLines).map {
                        .object([("line", .int($0.line)), ("text", .string($0.text))])
                    })
            ),
            (
                "undo",
                .string(
                    action == "dry-run" || !change.written
                        ? nil
                        : action == "add"
                            ? "cdwally remove \(album?.id.rawValue ?? "")"
                            : "cdwally add \(change.disc?.id.rawValue ?? "")")
            ),
            ("total", .int(change.wallet.total)),
        ])
    }
}
