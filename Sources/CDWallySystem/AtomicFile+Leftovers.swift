import CDWallyCore
import Glibc

/// A write cut before its rename (a power cut, kill -9) leaves its temporary file,
/// `.<name>.<pid>.XXXXXX`, beside the file it was to replace; the file itself is whole, the old
/// version. The folder's owner sweeps them when it starts (`ResumeStore.claimWriting`).
extension AtomicFile {
    /// Removes the temporary files in `folder` whose writer is gone. A live writer's (a
    /// `stats --forget` in a shell, writing the listening log under its own lock) stays.
    public static func sweepLeftovers(in folder: RawPath) {
        guard let stream = folder.withCString({ opendir($0) }) else { return }
        defer { closedir(stream) }
        var swept = false
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard let pid = writerPID(ofTemporary: name), ProcessLiveness.isGone(pid) else { continue }
            _ = folder.appending(RawPath(bytes: name)).withCString { unlink($0) }
            swept = true
        }
        if swept { syncFolder(folder) }
    }

    /// The writer's pid in a temporary file's name (`.<name>.<pid>.XXXXXX`), or nil for any
    /// other name.
    static func writerPID(ofTemporary name: [UInt8]) -> Int32? {
        guard name.first == UInt8(ascii: ".") else { return nil }
        let parts = name.dropFirst().split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[parts.count - 1].count == 6, !parts[0].isEmpty,
            let pid = Int32(String(decoding: parts[parts.count - 2], as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }
}
