import CDWallyCore
import CDWallySystem

/// A folder as one listing saw it: its own stamp, read as it was opened, and its audio files'.
/// What a remembered wallet checks later (`WalletMemo`), taken from the listing the index
/// refresh makes anyway rather than from a second listing after it: a command then looks
/// each file up once, and a file changed after the listing shows as changed next time.
struct FolderSnapshot: Sendable {
    let folder: NodeStamp
    let files: [NodeStamp]

    /// nil when the listing lacks the folder's status or an audio file's (gone meanwhile).
    init?(_ listing: DirectoryListing) {
        guard let folder = listing.stamp else { return nil }
        var files: [NodeStamp] = []
        for file in listing.files where AudioFileTypes.isAudio(file.path) {
            guard let status = file.status else { return nil }
            files.append(NodeStamp(path: file.path, status: status))
        }
        self.folder = folder
        self.files = files
    }

    /// The folder as a listing of it sees it now; nil when it cannot be listed.
    static func current(_ folder: RawPath) -> FolderSnapshot? {
        (try? DirectoryListing.read(folder, statFile: AudioFileTypes.isAudio(fileName:))).flatMap(Self.init)
    }
}

extension DirectoryListing {
    /// The listed folder's own stamp, as it was opened.
    var stamp: NodeStamp? {
        status.map { NodeStamp(path: directory, status: $0) }
    }
}
