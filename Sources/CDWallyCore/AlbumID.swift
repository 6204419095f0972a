/// A disc's stable identity: 16 hex digits derived from what makes the album itself
/// (MusicBrainz id, or album artist and title, or folder), so it survives rescans and
/// keys the per-disc resume state.
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
