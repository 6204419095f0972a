import CDWallyCore
import CDWallySystem
import Foundation

/// Small facts kept about one library between runs, in its state folder
/// (`<state folder>/<library id>/notes.json`, keyed by the library's path, as these are facts
/// about that path rather than about the albums): the last error a command recorded
/// (shown by `doctor`), whether the capacity notice was shown, and the last playlist decision.
public struct LibraryNotes: Codable, Sendable, Equatable {
    public struct RecordedError: Codable, Sendable, Equatable {
        public var message: String
        public var time: Date

        public init(message: String, time: Date) {
            self.message = message
            self.time = time
        }
    }

    public struct RecordedChoice: Codable, Sendable, Equatable {
        public var playlist: String?
        public var reason: String
        public var time: Date

        public init(playlist: String?, reason: String, time: Date) {
            self.playlist = playlist
            self.reason = reason
            self.time = time
        }
    }

    public var version = 1
    public var lastError: RecordedError?
    public var capacityNoticeShown = false
    public var playlistChoice: RecordedChoice?

    public init() {}

    /// The per-library state folder under `stateHome` (`$XDG_STATE_HOME/cdwally`).
    public static func folder(stateHome: String, root: RawPath) -> String {
        stateHome + "/" + AlbumID(identityKey: root.display).rawValue
    }

    /// The notes in `folder`; a missing or unreadable file gives empty notes (they are a
    /// convenience, never a reason to fail).
    public static func load(folder: String) -> LibraryNotes {
        guard let bytes = try? AtomicFile.contents(of: RawPath(folder + "/notes.json")) else {
            return LibraryNotes()
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode(LibraryNotes.self, from: Data(bytes))) ?? LibraryNotes()
    }

    public func save(folder: String) throws(AtomicFile.Failure) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(self)) ?? Data()
        try AtomicFile.replace(RawPath(folder + "/notes.json"), with: Array(data))
    }
}
