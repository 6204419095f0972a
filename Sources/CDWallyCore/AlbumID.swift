/// A disc's stable identity: 16 hex digits derived from what makes the album itself
/// (MusicBrainz id, or album artist and title, or folder) and from its own folder, so it
/// survives rescans, keys the per-disc resume state and listens, and stays the same when a
/// copy of the album (a FLAC beside an MP3, a namesake) joins the library (docs/PRODUCT.md §10).
public struct AlbumID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The id of an identity key. FNV-1a is used because Swift's `Hasher` is seeded per
    /// process and would give a new id on every run.
    public init(identityKey: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in identityKey.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        self.rawValue = String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// An album's id: its identity key and its folder, named relative to the library root.
    public init(identityKey: String, folder: String) {
        self.init(identityKey: identityKey + "\u{1F}" + folder)
    }

    /// How an album folder is named in its id: relative to the library root when inside it,
    /// so that the ids survive the library being mounted elsewhere; else whole.
    public static func folderName(_ folder: RawPath, within root: RawPath?) -> String {
        guard let root, folder.isInside(root) else { return folder.display }
        return String(
            decoding: folder.bytes.dropFirst(root.bytes.count).drop(while: { $0 == 0x2F }), as: UTF8.self)
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: AlbumID, rhs: AlbumID) -> Bool { lhs.rawValue < rhs.rawValue }
}
