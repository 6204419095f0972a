import CDWallyCore
import Foundation

/// The on-disk form of the resume state, `resume.json`:
///
/// ```json
/// { "version": 1, "lastDisc": "9f3c…", "playing": true, "volume": 60, "muted": false,
///   "discs": { "9f3c…": { "track": 3, "path": "/music/…/03.flac", "position": 71.5,
///                         "finished": false, "lastPlayed": "2025-01-31T20:15:00Z" } } }
/// ```
///
/// A path that is not valid UTF-8 is kept in `pathBytes` (base64) and shown with U+FFFD in
/// `path`. `playing` says the last disc was playing at the last save, which a power cut
/// leaves in place: `serve` plays on from there (absent in older files: false). `volume` and
/// `muted` are the software volume, kept like the positions (absent: 100, not muted). A newer
/// `version` is refused rather than misread, and never replaced (`ResumeStore`).
struct ResumeFile: Codable {
    static let currentVersion = 1

    struct Entry: Codable {
        var track: Int
        var path: String
        var pathBytes: String?
        var position: Double
        var finished: Bool
        var lastPlayed: Date
    }

    var version: Int
    var lastDisc: AlbumID?
    var playing: Bool?
    var volume: Int?
    var muted: Bool?
    var discs: [String: Entry]

    init(state: ResumeState) {
        version = Self.currentVersion
        lastDisc = state.lastDisc
        playing = state.lastDiscWasPlaying
        volume = state.volume
        muted = state.muted
        discs = [:]
        for (id, resume) in state.discs {
            let bytes =
                resume.trackPath.isValidUTF8 ? nil : Data(resume.trackPath.bytes).base64EncodedString()
            discs[id.rawValue] = Entry(
                track: resume.trackIndex, path: resume.trackPath.display, pathBytes: bytes,
                position: resume.position, finished: resume.finished, lastPlayed: resume.lastPlayed)
        }
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads a file's bytes; throws a one-line reason when they are not a resume file this
    /// version understands.
    static func decode(_ data: Data) throws(ResumeFileProblem) -> ResumeState {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        struct Header: Decodable { var version: Int }
        guard (try? JSONSerialization.jsonObject(with: data)) != nil else {
            throw ResumeFileProblem(reason: data.isEmpty ? "the file is empty" : "cut short or not JSON")
        }
        guard let header = try? decoder.decode(Header.self, from: data) else {
            throw ResumeFileProblem(reason: "not a cdwally resume file")
        }
        guard header.version == currentVersion else {
            throw ResumeFileProblem(
                reason: "format version \(header.version), this cdwally reads \(currentVersion)",
                newerVersion: header.version > currentVersion ? header.version : nil)
        }
        let file: ResumeFile
        do {
            file = try decoder.decode(ResumeFile.self, from: data)
        } catch {
            throw ResumeFileProblem(reason: "damaged at \(Self.location(of: error))")
        }
        var state = ResumeState(
            lastDisc: file.lastDisc, lastDiscWasPlaying: file.playing ?? false,
            volume: file.volume.map { max(0, $0) }, muted: file.muted ?? false, discs: [:])
        for (key, entry) in file.discs {
            guard entry.track >= 1, entry.position.isFinite, entry.position >= 0 else {
                throw ResumeFileProblem(reason: "disc \(key) has an impossible position")
            }
            let path = entry.pathBytes.flatMap { Data(base64Encoded: $0) }.map { RawPath(bytes: $0) }
            state.discs[AlbumID(rawValue: key)] = DiscResume(
                trackIndex: entry.track, trackPath: path ?? RawPath(entry.path), position: entry.position,
                finished: entry.finished, lastPlayed: entry.lastPlayed)
        }
        return state
    }
}

extension ResumeFile {
    /// Where a decoding error happened, as a dotted key path ("discs.9f3c….position").
    fileprivate static func location(of error: any Error) -> String {
        let context: DecodingError.Context?
        switch error as? DecodingError {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
            context = found
        case .keyNotFound(let key, let found):
            context = DecodingError.Context(
                codingPath: found.codingPath + [key], debugDescription: found.debugDescription)
        default:
            context = nil
        }
        let path = context?.codingPath.map(\.stringValue).joined(separator: ".") ?? ""
        return path.isEmpty ? "the top level" : path
    }
}

/// Why a resume file was not used, as a short phrase for `PlayerError.resumeStateUnreadable`;
/// `newerVersion` when it is whole but of a newer format.
struct ResumeFileProblem: Error {
    var reason: String
    var newerVersion: Int?
}

/// Every disc's saved place and the disc played last: the resume store's whole state.
struct ResumeState: Sendable, Equatable {
    var lastDisc: AlbumID?
    /// The last disc was playing (not paused or stopped) when it was last saved.
    var lastDiscWasPlaying = false
    /// The software volume level last set; nil until it was changed once.
    var volume: Int?
    var muted = false
    var discs: [AlbumID: DiscResume]

    static let empty = ResumeState(lastDisc: nil, discs: [:])
}
