import Foundation

/// A file-system path as the kernel sees it: a sequence of bytes.
///
/// Linux file names need not be UTF-8, and a player must open the file it was given,
/// so paths are never round-tripped through `String`. `display` is for people and JSON
/// (invalid bytes become U+FFFD); `withCString` is for system calls.
public struct RawPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public private(set) var bytes: [UInt8]

    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    public init(_ string: String) {
        self.bytes = Array(string.utf8)
    }

    /// The path for display: valid UTF-8 as is, any other byte as U+FFFD.
    public var display: String { String(decoding: bytes, as: UTF8.self) }
    public var description: String { display }

    public var isEmpty: Bool { bytes.isEmpty }
    public var isAbsolute: Bool { bytes.first == RawPath.slash }

    /// True when the bytes are valid UTF-8, so `display` shows the real name.
    public var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// The components between slashes, empty ones dropped.
    public var components: [ArraySlice<UInt8>] {
        bytes.split(separator: RawPath.slash, omittingEmptySubsequences: true)
    }

    /// The last component (the file or directory name), or an empty path for "/".
    public var lastComponent: RawPath { RawPath(bytes: components.last ?? []) }

    /// The directory holding this path; "/" for a top-level entry, "." for a bare name.
    public var parent: RawPath {
        let trimmed = bytes.lastIndex(where: { $0 != RawPath.slash }).map { bytes[...$0] } ?? []
        guard let slash = trimmed.lastIndex(of: RawPath.slash) else {
            return isAbsolute ? RawPath("/") : RawPath(".")
        }
        let head = trimmed[..<slash]
        return head.isEmpty ? RawPath("/") : RawPath(bytes: head)
    }

    /// The name without its last extension: "03 - Song" for "03 - Song.flac".
    public var stem: RawPath {
        let name = lastComponent.bytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else {
            return RawPath(bytes: name)
        }
        return RawPath(bytes: name[..<dot])
    }

    /// The extension after the last dot of the name, lowercased ASCII ("flac"), or "".
    public var fileExtension: String {
        let name = lastComponent.bytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else { return "" }
        return String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
    }

    /// This path with `component` (one name, or a relative path) added below it.
    public func appending(_ component: RawPath) -> RawPath {
        if component.isAbsolute || isEmpty { return component }
        var joined = bytes
        if joined.last != RawPath.slash { joined.append(RawPath.slash) }
        joined.append(contentsOf: component.bytes)
        return RawPath(bytes: joined)
    }

    public func appending(_ component: String) -> RawPath {
        appending(RawPath(component))
    }

    /// Collapses repeated slashes, `.` and `..` without touching the disk, as MPD does for
    /// playlist entries. A `..` above the root of an absolute path stays at the root.
    public func lexicallyNormalized() -> RawPath {
        // Most paths are already normal (a whole-library export holds 200,000 of them).
        if isLexicallyNormal { return self }
        var kept: [ArraySlice<UInt8>] = []
        for component in components {
            if component.elementsEqual(RawPath.dot) { continue }
            if component.elementsEqual(RawPath.dotDot) {
                if let last = kept.last, !last.elementsEqual(RawPath.dotDot) {
                    kept.removeLast()
                } else if !isAbsolute {
                    kept.append(component)
                }
                continue
            }
            kept.append(component)
        }
        var result: [UInt8] = isAbsolute ? [RawPath.slash] : []
        for (index, component) in kept.enumerated() {
            if index > 0 { result.append(RawPath.slash) }
            result.append(contentsOf: component)
        }
        if result.isEmpty { result = Array(".".utf8) }
        return RawPath(bytes: result)
    }

    /// True when `lexicallyNormalized()` leaves the bytes as they are: no empty, `.` or `..`
    /// component, and no slash at the end but the root's. Slashes are found with `memchr`:
    /// every line of a whole-library export asks it.
    private var isLexicallyNormal: Bool {
        bytes.withUnsafeBufferPointer { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            if bytes.count == 1 && base[0] == RawPath.slash { return true }
            // The first component starts after an absolute path's slash.
            var start = base[0] == RawPath.slash ? 1 : 0
            while true {
                let slash = memchr(base + start, Int32(RawPath.slash), bytes.count - start)
                let end =
                    slash.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? bytes.count
                let length = end - start
                // Empty, `.` or `..`.
                if length == 0
                    || (length <= 2 && base[start] == Self.dotByte && base[end - 1] == Self.dotByte)
                {
                    return false
                }
                guard end < bytes.count else { return true }
                start = end + 1
            }
        }
    }

    /// True when this path is `directory` itself or lies below it (compared component-wise).
    public func isInside(_ directory: RawPath) -> Bool {
        let mine = components
        let theirs = directory.components
        guard mine.count >= theirs.count, isAbsolute == directory.isAbsolute else { return false }
        return zip(mine, theirs).allSatisfy { $0.elementsEqual($1) }
    }

    /// Calls `body` with a NUL-terminated copy of the bytes, for system calls. The copy is on
    /// the stack when it fits: a memo's check stats a hundred thousand paths.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            }
            buffer[bytes.count] = 0
            return try body(UnsafePointer(buffer.baseAddress!))
        }
    }

    /// Hashes the bytes in one call: a scan hashes every path of the library, and the
    /// synthesized hashing would feed the hasher a byte at a time.
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Byte order, as `ls` shows names in the C locale.
    public static func < (lhs: RawPath, rhs: RawPath) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot: [UInt8] = [UInt8(ascii: ".")]
    private static let dotByte = UInt8(ascii: ".")
    private static let dotDot: [UInt8] = [UInt8(ascii: "."), UInt8(ascii: ".")]
}
