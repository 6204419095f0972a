import CDWallyCore
import CDWallySystem

/// An error of the library's that a door shows to a person: its words, and its kind
/// (`LibraryRefusalKind`), which each door maps once.
public protocol LibraryRefusal: Error, CustomStringConvertible {
    var kind: LibraryRefusalKind { get }
}

extension WalletChangeError: LibraryRefusal {
    public var kind: LibraryRefusalKind {
        switch self {
        case .noAlbumMatches, .unknownID, .noAlbumAt, .notInWallet: .notFound
        case .ambiguous: .ambiguous
        case .pathOutsideLibrary, .full, .hidden: .refused
        case .sharedLines, .wouldNotReadBack: .sharedLine
        case .playlist(let failure): failure.kind
        }
    }
}

extension UserFileEdit.Failure: LibraryRefusal {
    public var kind: LibraryRefusalKind {
        switch self {
        case .notAFile, .tooLarge: .badFile
        case .fileNotWritable, .fileNotReadable: .notPermitted
        case .folderNotWritable: .folderNotWritable
        case .failed: .storage
        case .keptChanging: .busy
        }
    }
}

extension CardError: LibraryRefusal {
    public var kind: LibraryRefusalKind {
        switch self {
        // A full wallet, as `play` of a disc the capacity would hide; a folder line as
        // `remove` refuses it (docs/PRODUCT.md §11).
        case .walletFull: .refused
        case .sharedLines: .sharedLine
        case .unknownCard: .notFound
        }
    }
}

extension LibraryError: LibraryRefusal {
    public var kind: LibraryRefusalKind {
        switch self {
        case .noLibrary, .noPlaylist, .playlistUnreadable, .playlistNotAFile: .missing
        case .index, .indexDamaged: .storage
        }
    }
}
