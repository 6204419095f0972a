import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation

/// The software volume, one per user, whatever library a player plays (docs/PRODUCT.md §9):
/// `volume.json` in the user's state folder, `{"version": 1, "volume": 60, "muted": false}`.
/// One player per user plays at a time, and a listener who set 20 with one library expects 20
/// when the next player opens another.
///
/// A player before this one kept the volume in each library's `resume.json`; with no
/// `volume.json` yet, the library's is taken (`Player.init`), and the first change writes this.
///
/// Written as the resume points are (atomically, by the state writer, so the engine never
/// waits for fsync; a change waiting is replaced by the next); an unreadable file counts as none. A file of a newer format counts as none
/// too, but is never replaced: the first change says so once (`PlayerError.newerStateFile`).
public final class UserVolume: Sendable {
    public static let fileName = "volume.json"
    static let currentVersion = 1
    public let file: RawPath
    /// A newer file was reported already.
    private let refusalSaid = LockedValue(false)

    public init(folder: RawPath) {
        file = folder.appending(Self.fileName)
    }

    /// The level and mute last saved, or nil.
    public func load() -> (level: Int, muted: Bool)? {
        guard let bytes = try? AtomicFile.contents(of: file), let json = try? JSONValue(parsing: bytes),
            json["version"]?.intValue == Self.currentVersion, let level = json["volume"]?.intValue, level >= 0
        else { return nil }
        return (level, json["muted"]?.boolValue ?? false)
    }

    func save(level: Int, muted: Bool, reportingTo report: @escaping @Sendable (PlayerError) -> Void) {
        let json = JSONValue.object([
            ("version", .int(Self.currentVersion)), ("volume", .int(level)), ("muted", .bool(muted)),
        ])
        StateWriter.shared.write(key: file.display) { [file, refusalSaid] in
            if let version = Self.newerVersion(of: file) {
                let said = refusalSaid.withLock { said in
                    defer { said = true }
                    return said
                }
                if !said {
                    report(
                        .newerStateFile(file: file.display, version: version, readable: Self.currentVersion))
                }
                return
            }
            do throws(AtomicFile.Failure) {
                try AtomicFile.replace(file, with: Array((json.serialized(pretty: false) + "\n").utf8))
            } catch {
                report(.resumeStateNotSaved(file: file.display, reason: error.reason))
            }
        }
    }

    /// The format version of the file at `file` when it is newer than this cdwally's.
    private static func newerVersion(of file: RawPath) -> Int? {
        guard let bytes = try? AtomicFile.contents(of: file), let json = try? JSONValue(parsing: bytes),
            let version = json["version"]?.intValue, version > currentVersion
        else { return nil }
        return version
    }

    /// Waits for the writes asked for so far (a player shutting down).
    func flush() {
        StateWriter.shared.sync {}
    }
}
