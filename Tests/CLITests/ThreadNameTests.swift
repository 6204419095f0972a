import Foundation
import Testing

/// Every thread of ours has a name the kernel shows (`top -H`, `ps -L`, a core dump): each is
/// started through `NamedThread` (or a `PollThread` or `BlockingPool`, which use it).
@Suite struct ThreadNameTests {
    @Test func noThreadStartsWithoutAName() throws {
        let starts = try Regex(#"Thread\.detachNewThread|\bThread\s*\{|\bThread\(|pthread_create"#)
        let folder = CLI.repository + "/Sources"
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder)
        where name.hasSuffix(".swift") && !name.hasSuffix("/NamedThread.swift") {
            let code = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            for line in code where line.contains(starts) {
                Issue.record(
                    "\(name) starts a thread without a name: \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }
}
