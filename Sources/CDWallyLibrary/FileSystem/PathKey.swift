import CDWallyCore

/// A path as a dictionary key that hashes its bytes in one call. `RawPath`'s own hashing
/// feeds the hasher a byte at a time, which a scan comparing every file of a large library
/// with the index pays for twelve thousand times over.
struct PathKey: Hashable, Sendable {
    let path: RawPath

    init(_ path: RawPath) {
        self.path = path
    }

    func hash(into hasher: inout Hasher) {
        path.bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (lhs: PathKey, rhs: PathKey) -> Bool {
        lhs.path.bytes == rhs.path.bytes
    }
}
