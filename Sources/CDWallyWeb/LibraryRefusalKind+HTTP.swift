import CDWallyCore
import HTTPTypes

extension LibraryRefusalKind {
    /// The web's status for a refusal of this kind, read as `PlayerErrorKind.httpStatus` is:
    /// what a client can do about it.
    var httpStatus: HTTPResponse.Status {
        switch self {
        // No such album or card: ask for another.
        case .notFound: .notFound
        // The wallet's rules or the playlist's lines stand in the way until they change.
        case .ambiguous, .refused, .sharedLine: .conflict
        // The library may come back by itself (a disk mounted), a busy file be free again.
        case .missing, .busy: .serviceUnavailable
        // The box's own files or storage: nothing the client can change.
        case .badFile, .notPermitted, .folderNotWritable, .storage: .internalServerError
        }
    }
}
