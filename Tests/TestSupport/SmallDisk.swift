import Foundation
import Glibc

/// A disk that really fills up: a tmpfs of a few hundred KB mounted on a temporary folder
/// for one test. Mounting takes root (CAP_SYS_ADMIN); where that is not given, the tests
/// that need one are skipped and say why (`isAvailable`).
public final class SmallDisk {
    public let path: String
    private var filler: String { path + "/.filler" }

    public init(kilobytes: Int) throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("cdwally-disk-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        do {
            try Self.mount(["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", path])
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    deinit { unmount() }

    /// Mounts the disk again read-only, as a read-only root or a sandboxed unit shows it:
    /// root itself can then write nothing there.
    public func makeReadOnly() throws {
        try Self.mount(["-o", "remount,ro", path])
    }

    /// Writes a filler file until the disk refuses another byte.
    public func fill() throws {
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw TestFailure("cannot create \(filler): \(errno)") }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        while true {
            let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == ENOSPC { break }
            if written < 0 && errno != EINTR { throw TestFailure("cannot fill \(path): \(errno)") }
        }
        // What is left is less than a block: take it too.
        while write(descriptor, block, 1) == 1 {}
    }

    /// Gives back the space `fill()` took.
    public func free() throws {
        try FileManager.default.removeItem(atPath: filler)
    }

    public func unmount() {
        guard FileManager.default.fileExists(atPath: path) else { return }
        _ = Glibc.umount2(path, Int32(MNT_DETACH))
        try? FileManager.default.removeItem(atPath: path)
    }

    /// True when this process may mount a tmpfs.
    public static let isAvailable: Bool = {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
        return (try? SmallDisk(kilobytes: 64)) != nil
    }()

    private static func mount(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("mount \(arguments) failed") }
    }
}
