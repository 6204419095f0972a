import Foundation
import Testing

@testable import CDWallyWeb

/// The pages compiled into the binary are the ones in `Sources/CDWallyWeb/Site/`.
@Suite struct WebSiteTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func theEmbeddedPagesMatchTheSources() throws {
        let process = Process()
        process.executableURL = Self.repository.appendingPathComponent("Scripts/embed-web-site")
        process.arguments = ["--check"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "run Scripts/embed-web-site after changing Site/")
        #expect(Set(WebSite.files.keys) == ["/", "/app.js", "/style.css"])
    }

    @Test func thePagesLoadNothingFromElsewhere() {
        for (path, file) in WebSite.files {
            #expect(!file.text.contains("http://") && !file.text.contains("https://"), "\(path)")
            #expect(!file.text.contains("@font-face"), "\(path)")
        }
    }
}
