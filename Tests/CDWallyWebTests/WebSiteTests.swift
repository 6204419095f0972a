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
        let sources = [
            "/": "index.html", "/pair": "index.html", "/app.js": "app.js", "/library.js": "library.js",
            "/pairing.js": "pairing.js",
            "/style.css": "style.css", "/manifest.webmanifest": "manifest.webmanifest",
            "/icon.svg": "icon.svg",
            "/icon-180.png": "icon-180.png", "/icon-192.png": "icon-192.png", "/icon-512.png": "icon-512.png",
        ]
        #expect(Set(WebSite.files.keys) == Set(sources.keys))
        for (path, name) in sources {
            let source = try Data(contentsOf: Self.site.appendingPathComponent(name))
            #expect(WebSite.files[path].map { Data($0.bytes) } == source, "\(path)")
        }
    }

    @Test func thePagesLoadNothingFromElsewhere() {
        // The SVG icon names its XML namespace by a URL, which loads nothing.
        for (path, file) in WebSite.files where file.isText && path != "/icon.svg" {
            #expect(!file.text.contains("http://") && !file.text.contains("https://"), "\(path)")
            #expect(!file.text.contains("@font-face"), "\(path)")
        }
    }
}
