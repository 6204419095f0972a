import Foundation
import Testing

/// The rules of DESIGN.md's layers that the compiler does not hold by itself.
@Suite struct LayeringTests {
    /// Front ends read a `PlayerView` and send to the host's `PlayerInbox`; only the host
    /// (`Sources/cdwally/Host/`) names the concrete `Player`.
    @Test func noFrontEndHoldsThePlayer() throws {
        let frontEnds = ["CDWallyControl", "CDWallyMPRIS", "CDWallyKeys", "CDWallyWeb", "CDWallyTerminal"]
        let word = try Regex(#"\bPlayer\b"#)
        for module in frontEnds {
            let folder = CLI.repository + "/Sources/" + module
            for name in try FileManager.default.subpathsOfDirectory(atPath: folder)
            where name.hasSuffix(".swift") {
                let code = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                    .split(separator: "\n").filter {
                        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                    }
                #expect(!code.contains { $0.contains(word) }, "\(module)/\(name) names Player")
            }
        }
    }
}
