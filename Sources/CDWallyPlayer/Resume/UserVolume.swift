import CDWallyCore
import CDWallySystem
import Foundation

/// The software volume, one per user, whatever library a player plays (docs/PRODUCT.md §9):
/// `volume.json` in the user's state folder, `{"version": 1, "volume": 60, "muted": false}`.
/// One player per user plays at a time, and a listener who set 20 with one library expects 20
/// when the next player opens another.
///
/// A player before this one kept the volume in each library's `resume.json`; with no
/// `volume.json` yet, the library's is taken (`Player.init`), and the first change writes this.
///
/// Written as the resume points are (atomically, on a queue of its own, so the engine never
/// waits for fsync); an unreadable file counts as none.
public final class UserVolume: Sendable {
    public static let fileName = "volume.json"
    public let file: RawPath
    private let writer = DispatchQueue(label: "cdwally.volume")

    public init(folder: RawPath) {
        file = folder.appending(Self.fileName)
    }

    /// The level and mute last saved, or nil.
    public func load() -> (level: Int, muted: Bool)? {
        guard let bytes = try? AtomicFile.contents(of: file), let json = try? JSONValue(parsing: bytes),
            json["version"]?.intValue == 1, let level = json["volume"]?.intValue, level >= 0
        else { return nil }
        return (level, json["muted"]?.boolValue ?? false)
    }

    func save(level: Int, muted: Bool, reportingTo report: @escaping @Sendable (PlayerError) -> Void) {
        let json = JSONValue.object([("version", .int(1)), ("volume", .int(level)), ("muted", .bool(muted))])
        writer.async { [file] in
            do throws(AtomicFile.Failure) {
                try AtomicFile.replace(file, with: Array((json.serialized(pretty: false) + "\n").utf8))
            } catch {
                report(.resumeStateNotSaved(file: file.display, reason: error.reason))
            }
        }
    }

    /// Waits for the writes asked for so far (a player shutting down).
    func flush() {
        writer.sync {}
    }
}
