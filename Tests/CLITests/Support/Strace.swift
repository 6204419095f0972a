import Foundation

/// The strace that traces (and delays) real commands in tests, when one can trace here: it is
/// missing, or ptrace is not allowed, as under qemu-user, in which case those tests are skipped.
enum Strace {
    static let path = ["/usr/bin/strace", "/bin/strace"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static let works: Bool = {
        guard let path else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: path)
        probe.arguments = ["-f", "-o", "/dev/null", "/bin/true"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()
}
