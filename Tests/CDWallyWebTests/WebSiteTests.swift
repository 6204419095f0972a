import Foundation
import Testing

@testable import CDWallyWeb

/// The pages compiled into the binary are the ones in `Sources/CDWallyWeb/Site/`, byte for
/// byte, and load nothing from elsewhere.
@Suite struct WebSiteTests {
    static let site = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Sources/CDWallyWeb/Site")

    @Test func theEmbeddedPagesAreTheSources() throws {
        #expect(Set(WebSite.files.keys) == ["/", "/app.js", "/style.css"])
        for (path, name) in [("/", "index.html"), ("/app.js", "app.js"), ("/style.css", "style.css")] {
            let source = try String(contentsOf: Self.site.appendingPathComponent(name), encoding: .utf8)
            #expect(WebSite.files[path]?.text == source, "\(path)")
        }
    }

    @Test func thePagesLoadNothingFromElsewhere() {
        for (path, file) in WebSite.files {
            #expect(!file.text.contains("http://") && !file.text.contains("https://"), "\(path)")
            #expect(!file.text.contains("@font-face"), "\(path)")
        }
    }
}
