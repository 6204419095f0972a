import CDWallyCore

#if canImport(Glibc)
    import Glibc
#endif

/// This process's mount table (`/proc/self/mountinfo`), read without touching the mounts: a
/// `stat` or `statfs` inside an automount point asks systemd to mount it, while the table says
/// what is mounted where and asks nothing.
public enum MountTable {
    /// The type of the file system mounted last at exactly `point` ("autofs", "exfat"), nil
    /// when nothing is mounted there or the table cannot be read. A disk behind an automount
    /// point, mounted, lies over the point's "autofs"; away, the "autofs" is the last.
    public static func type(at point: RawPath) -> String? {
        guard let table = read("/proc/self/mountinfo") else { return nil }
        return type(at: point, in: table)
    }

    /// Whether `point` is an automount point with nothing mounted over it: a disk behind it is
    /// away, and any look inside asks for a mount that fails.
    public static func isBareAutomountPoint(_ point: RawPath) -> Bool {
        type(at: point) == "autofs"
    }

    /// Whether the innermost mount that holds `path` is an automount point with nothing over
    /// it: the file is on a disk that is away, told without asking for a mount.
    public static func isBehindBareAutomountPoint(_ path: RawPath) -> Bool {
        guard let table = read("/proc/self/mountinfo") else { return false }
        return type(containing: path, in: table) == "autofs"
    }

    /// `type(at:)` of a table's text: lines of `ID PARENT MAJOR:MINOR ROOT POINT OPTIONS
    /// [TAGS…] - TYPE SOURCE SUPER-OPTIONS`, the point with a space, tab, newline or
    /// backslash written as `\ooo` (proc(5)).
    public static func type(at point: RawPath, in table: [UInt8]) -> String? {
        let wanted = point.lexicallyNormalized().bytes
        return mounts(in: table).last { $0.point == wanted }?.type
    }

    /// The type of the innermost mount in `table` that holds `path`: the longest point that is
    /// `path` or one of its folders, the last mounted there.
    public static func type(containing path: RawPath, in table: [UInt8]) -> String? {
        let wanted = path.lexicallyNormalized()
        let holding = mounts(in: table).filter { wanted.isInside(RawPath(bytes: $0.point)) }
        let innermost = holding.map(\.point.count).max()
        return holding.last { $0.point.count == innermost }?.type
    }

    /// Each line's mount point and type, in the table's order (the order of mounting).
    private static func mounts(in table: [UInt8]) -> [(point: [UInt8], type: String)] {
        table.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count > 4, let dash = fields.firstIndex(where: { $0.elementsEqual("-".utf8) }),
                dash > 4, dash + 1 < fields.endIndex
            else { return nil }
            return (unescaped(fields[4]), String(decoding: fields[dash + 1], as: UTF8.self))
        }
    }

    private static func unescaped(_ field: ArraySlice<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = field.startIndex
        while index < field.endIndex {
            let digits = field[(index + 1)..<min(index + 4, field.endIndex)]
            if field[index] == UInt8(ascii: "\\"), digits.count == 3,
                digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) })
            {
                bytes.append(digits.reduce(0) { $0 &* 8 &+ ($1 - UInt8(ascii: "0")) })
                index += 4
            } else {
                bytes.append(field[index])
                index += 1
            }
        }
        return bytes
    }

    /// A file of /proc, which says it is empty: read to its end, not sized by `fstat`.
    private static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}
