import CDWallyCore

#if canImport(Glibc)
    import Glibc
#endif

/// The old bytes of a file being written in place (`UserFileEdit`), kept until the new ones
/// are synced, so that a cut at any moment leaves the old bytes, the new bytes, or the old
/// bytes kept beside a torn file (docs/PRODUCT.md §11).
///
/// It describes itself: which file it belongs to, and the size and hash of both versions, then
/// the old bytes and the new. So the next reader tells a write that finished (the file holds
/// the new bytes: the backup only goes) or never began (the old bytes) from a torn one (each
/// byte the old one, the new one or a zero, at the old size or the new: the old bytes go back),
/// and leaves alone a file that someone changed since.
///
/// ```
/// CDWALLY-BACKUP 1
/// path <the file's path, hex>
/// old <size> <FNV-1a 64, hex>
/// new <size> <FNV-1a 64, hex>
///
/// <old bytes><new bytes>
/// ```
///
/// It lies beside the file (`.CDs.m3u8.cdwally-backup`), or, where the file's folder is not
/// writable, in the writer's state folder (`playlist-backup-<FNV-1a 64 of the path, hex>`).
/// Either is written as a whole (a temporary file, fsync, rename, fsync of the folder) before
/// the file is touched.
///
/// Threads: any; blocking (file I/O).
struct UserFileBackup {
    var path: RawPath
    var old: [UInt8]
    var new: [UInt8]

    static let magic = Array("CDWALLY-BACKUP 1\n".utf8)

    /// The backup beside the file.
    static func beside(_ target: RawPath) -> RawPath {
        target.parent.appending(".\(target.lastComponent.display).cdwally-backup")
    }

    /// The backup in the writer's state folder.
    static func inState(_ state: RawPath, for target: RawPath) -> RawPath {
        state.appending("playlist-backup-\(hex(hash(target.bytes)))")
    }

    /// The whole backup file's bytes.
    var encoded: [UInt8] {
        var header = "path \(Self.hex(path.bytes))\n"
        header += "old \(old.count) \(Self.hex(Self.hash(old)))\n"
        header += "new \(new.count) \(Self.hex(Self.hash(new)))\n\n"
        return Self.magic + Array(header.utf8) + old + new
    }

    /// The backup these bytes hold; nil for anything else or a backup cut short.
    static func decoded(_ bytes: [UInt8]) -> UserFileBackup? {
        guard bytes.starts(with: magic) else { return nil }
        var lines: [String] = []
        var offset = magic.count
        while lines.count < 4 {
            guard let end = bytes[offset...].firstIndex(of: 10) else { return nil }
            lines.append(String(decoding: bytes[offset..<end], as: UTF8.self))
            offset = end + 1
        }
        guard lines[3].isEmpty else { return nil }
        let fields = lines[0..<3].map { $0.split(separator: " ").map(String.init) }
        guard fields[0].count == 2, fields[0][0] == "path", let path = unhex(fields[0][1]),
            fields[1].count == 3, fields[1][0] == "old", let oldCount = Int(fields[1][1]),
            fields[2].count == 3, fields[2][0] == "new", let newCount = Int(fields[2][1]),
            oldCount >= 0, newCount >= 0, bytes.count - offset == oldCount + newCount
        else { return nil }
        let old = Array(bytes[offset..<offset + oldCount])
        let new = Array(bytes[(offset + oldCount)...])
        guard hex(hash(old)) == fields[1][2], hex(hash(new)) == fields[2][2] else { return nil }
        return UserFileBackup(path: RawPath(bytes: path), old: old, new: new)
    }

    /// What the file's bytes say of the write this backup was kept for.
    enum Verdict: Equatable {
        /// The new bytes, whole: the write finished.
        case finished
        /// The old bytes: the write never touched the file.
        case untouched
        /// A mix of the two: the write was cut.
        case torn
        /// Neither: someone changed the file since.
        case changedSince
    }

    func verdict(of bytes: [UInt8]) -> Verdict {
        if bytes == new { return .finished }
        if bytes == old { return .untouched }
        guard bytes.count == old.count || bytes.count == new.count else { return .changedSince }
        // A cut keeps any of the blocks written, and a file grown by the write may hold zeros
        // where its new blocks never reached the disk.
        for (offset, byte) in bytes.enumerated() {
            let wasOld = offset < old.count && old[offset] == byte
            let wasNew = offset < new.count && new[offset] == byte
            if !wasOld && !wasNew && byte != 0 { return .changedSince }
        }
        return .torn
    }

    /// FNV-1a, 64 bits: to tell versions apart, not to resist anyone.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private static func unhex(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
