import CDWallyCore
import CDWallySystem

/// Why `albums`, `add`, `remove` or `play WORDS` could not do what was asked. Nothing was
/// written when one is thrown. The CLI and the web each map them (400, 404, 409).
public enum WalletChangeError: Error, Sendable, CustomStringConvertible {
    case noAlbumMatches(String)
    /// An id no album of this library has (one from another library, or gone since).
    case unknownID(AlbumID)
    case pathOutsideLibrary(RawPath, root: RawPath)
    case noAlbumAt(RawPath)
    /// Several albums match: the user must say which.
    case ambiguous(String, [AlbumSummary])
    case notInWallet(String)
    /// The album is in the CDs playlist, past the capacity: the wallet does not show it.
    case hidden(album: String, id: AlbumID, total: Int, capacity: Int)
    /// Lines (a folder) that lead to the album and to others too: `remove` will not drop the
    /// others with it.
    case sharedLines([(line: Int, text: String)], album: String)
    /// A wallet whose playlist holds as many discs as its capacity, or more, takes no more
    /// (docs/PRODUCT.md §11): `shown` and `hidden` name the discs that could go.
    case full(album: String, total: Int, capacity: Int, shown: [String], hidden: [String])
    /// The line that would carry the album does not read back as it: nothing was written.
    case wouldNotReadBack(album: String, lines: [String])
    /// The playlist cannot be changed (`UserFileEdit`).
    case playlist(UserFileEdit.Failure)

    public var description: String {
        switch self {
        case .noAlbumMatches(let words):
            return "no album of the library matches \"\(words)\" (cdwally albums lists them)"
        case .unknownID(let id):
            return "no album of this library has the id \(id) (cdwally albums --json gives the ids)"
        case .pathOutsideLibrary(let path, let root):
            return "\(path.display) is outside the library \(root.display): only its albums can be added"
        case .noAlbumAt(let path):
            return "no album of the library is at \(path.display): cdwally reads no audio file there"
        case .ambiguous(let words, let albums):
            return "\(albums.count) albums match \"\(words)\": say which with more words or an id"
        case .notInWallet(let album): return "\(album) is not in the wallet"
        case .hidden(let album, let id, let total, let capacity):
            return
                "\(album) is in the CDs playlist but hidden: the wallet shows \(capacity) of its \(total) discs "
                + "(its capacity); cdwally remove ID takes a shown disc out, or raise the capacity with "
                + "--capacity N or capacity = N in config.toml (0 = no limit), then cdwally play \(id)"
        case .sharedLines(let lines, let album):
            let named = lines.map { "line \($0.line) (\($0.text))" }.joined(separator: ", ")
            return
                "\(named) of the CDs playlist \(lines.count == 1 ? "leads" : "lead") to \(album) and to other albums "
                + "too; nothing was removed: edit \(lines.count == 1 ? "that line" : "those lines") by hand"
        case .full(let album, let total, let capacity, let shown, let hidden):
            let could =
                hidden.isEmpty
                ? "any of its discs could go (the last shown is \(shown.last ?? "none"))"
                : "\(hidden.count == 1 ? "the hidden disc" : "the \(hidden.count) hidden discs") could go first ("
                    + hidden.prefix(5).joined(separator: "; ") + (hidden.count > 5 ? "; …" : "") + ")"
            return
                "the wallet is full: the CDs playlist holds \(total) \(total == 1 ? "disc" : "discs") and its "
                + "capacity is \(capacity), so \(album) was not added; \(could): cdwally remove ID takes one "
                + "out, or raise the capacity with --capacity N or capacity = N in config.toml (0 = no limit)"
        case .wouldNotReadBack(let album, let lines):
            return "\(album) cannot be written into the CDs playlist as a line that reads back as it "
                + "(\(lines.joined(separator: " / "))); nothing was written"
        case .playlist(let failure): return failure.description
        }
    }
}

extension UserFileEdit.Failure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notAFile(let path, let kind):
            "cannot change the playlist \(path.display): it is \(kind), not a playlist file"
        case .tooLarge(let path, let size, let limit):
            "cannot change the playlist \(path.display): it holds \(size / 1_048_576) MiB, more than the "
                + "\(limit / 1_048_576) MiB cdwally edits"
        case .fileNotWritable(let path): "cannot change the playlist \(path.display): it is not writable"
        case .fileNotReadable(let path, let code):
            "cannot read the playlist \(path.display): \(ErrnoText.of(code))"
        case .folderNotWritable(let folder, let code):
            "cannot write a file in \(folder.display) to change the playlist: \(ErrnoText.of(code))"
        case .failed(let failure): "\(failure); the playlist is as it was"
        case .keptChanging(let path):
            "cannot change the playlist \(path.display): another program kept changing it; try again"
        }
    }
}
