import CDWallyCore

/// A track's MPRIS id (`mpris:trackid`): a D-Bus object path.
///
/// Clients echo it back in `SetPosition`, and playerctl's `position N` fails when it is not
/// a valid object path, so it is checked here once. The MPRIS spec reserves `/org/mpris`,
/// and the id must not change while the track is current, so it is derived from the
/// album's stable id and the track's place in that album, never from a queue position.
public struct MPRISTrackID: Hashable, Sendable, CustomStringConvertible {
    public let objectPath: String

    /// `/org/cdwally/track/<album id>/<index>`, where `trackIndex` is the track's place in
    /// the album's play order.
    public init(album: AlbumID, trackIndex: Int) {
        objectPath =
            "/org/cdwally/track/\(Self.escaped(album.rawValue))/\(Self.escaped(String(trackIndex)))"
    }

    /// Nil unless `objectPath` is a valid D-Bus object path outside `/org/mpris`.
    public init?(objectPath: String) {
        guard Self.isValidTrackPath(objectPath) else { return nil }
        self.objectPath = objectPath
    }

    public var description: String { objectPath }

    /// An object path element may only hold `[A-Za-z0-9_]`: anything else becomes `_` and
    /// two hex digits per UTF-8 byte, as systemd escapes bus labels.
    static func escaped(_ element: String) -> String {
        if element.isEmpty { return "_" }
        var result = ""
        for byte in element.utf8 {
            if isElementByte(byte) && byte != UInt8(ascii: "_") {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16)
                result += "_" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    static func isValidTrackPath(_ path: String) -> Bool {
        if path == "/org/mpris" || path.hasPrefix("/org/mpris/") { return false }
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        let elements = bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        return elements.allSatisfy { !$0.isEmpty && $0.allSatisfy(isElementByte) }
    }

    private static func isElementByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
