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
    /// Lines (a folder) that lead to the album and to others too: `remove` will not drop the
    /// others with it.
    case sharedLines([(line: Int, text: String)], album: String)
    /// `play` of an album the capacity would hide.
    case wouldBeHidden(album: String, position: Int, capacity: Int)
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
            return "no album of the library is at \(path.display) (is it indexed? cdwally scan)"
        case .ambiguous(let words, let albums):
            return "\(albums.count) albums match \"\(words)\": say which with more words or an id"
        case .notInWallet(let album): return "\(album) is not in the wallet"
        case .sharedLines(let lines, let album):
            let named = lines.map { "line \($0.line) (\($0.text))" }.joined(separator: ", ")
            return
                "\(named) of the CDs playlist \(lines.count == 1 ? "leads" : "lead") to \(album) and to other albums "
                + "too; nothing was removed: edit \(lines.count == 1 ? "that line" : "those lines") by hand"
        case .wouldBeHidden(let album, let position, let capacity):
            return "\(album) would be disc \(position) of a wallet that shows \(capacity); it was not added "
                + "(raise capacity, or remove a disc first)"
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
