import Foundation
import Glibc

/// A USB stick's file system for one test: an exFAT image made with `mkfs.exfat`, on a loop
/// device, mounted through FUSE (`mount.exfat-fuse`), which ignores the case of names as the
/// stick does on any computer. Mounting takes root and the tools; where either is missing,
/// the tests that need one are skipped and say why (`isAvailable`).
public final class ExFATDisk {
    public let path: String
    private let image: String
    private let device: String

    public init(megabytes: Int = 32) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cdwally-exfat-\(UUID().uuidString)"
        )
        .path
        path = base + "/stick"
        image = base + "/stick.img"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: image, contents: nil),
            truncate(image, off_t(megabytes) << 20) == 0
        else { throw TestFailure("cannot make \(image)") }
        try Self.run("/sbin/mkfs.exfat", [image])
        device = try Self.run("/sbin/losetup", ["--find", "--show", image])
        do {
            // Through the shell, not `Process`: the FUSE daemon stays, and would hold the socket
            // by which `Process` learns that its child ended.
            guard system("/sbin/mount.exfat-fuse \(device) '\(path)' >/dev/null 2>&1 </dev/null") == 0 else {
                throw TestFailure("mount.exfat-fuse \(device) \(path) failed")
            }
        } catch {
            _ = try? Self.run("/sbin/losetup", ["-d", device])
            throw error
        }
    }

    deinit {
        _ = try? Self.run("/bin/umount", [path])
        _ = try? Self.run("/sbin/losetup", ["-d", device])
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    /// Stops the disk's FUSE daemon: every call into the disk then waits, as on a network
    /// share whose server went away (a hard mount), until `thaw`. A test that freezes thaws
    /// before the disk goes: unmounting waits too.
    public func freeze() throws {
        try signalDaemon(SIGSTOP)
    }

    public func thaw() throws {
        try signalDaemon(SIGCONT)
    }

    /// The daemon is found by its arguments in /proc, which never asks the disk itself.
    private func signalDaemon(_ signal: Int32) throws {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for name in processes where name.allSatisfy(\.isNumber) {
            guard let bytes = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { continue }
            let arguments = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard arguments.first?.hasSuffix("mount.exfat-fuse") == true, arguments.contains(path),
                let pid = pid_t(name)
            else { continue }
            guard kill(pid, signal) == 0 else { throw TestFailure("kill \(pid): errno \(errno)") }
            return
        }
        throw TestFailure("no mount.exfat-fuse process for \(path)")
    }

    /// True when this process may make and mount one.
    public static let isAvailable: Bool = {
        let tools = ["/sbin/mkfs.exfat", "/sbin/losetup", "/sbin/mount.exfat-fuse"]
        guard geteuid() == 0, tools.allSatisfy(FileManager.default.isExecutableFile(atPath:)) else {
            return false
        }
        return (try? ExFATDisk(megabytes: 8)) != nil
    }()

    /// Runs `tool`; its standard output, trimmed.
    @discardableResult
    private static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("\(tool) \(arguments) failed") }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
