/// The pages, embedded in the binary so that one file installs cdwally: SwiftPM compiles each
/// file of `Site/` into a byte array (`resources: [.embedInCode(...)]` in Package.swift).
enum WebSite {
    struct File: Sendable {
        var contentType: String
        var text: String
    }

    /// Each page by the path it is served at.
    static let files: [String: File] = [
        "/": File(contentType: "text/html; charset=utf-8", text: text(PackageResources.index_html)),
        "/app.js": File(contentType: "text/javascript; charset=utf-8", text: text(PackageResources.app_js)),
        "/style.css": File(contentType: "text/css; charset=utf-8", text: text(PackageResources.style_css)),
    ]

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The pages' own digest, sent with every state (`site`): a page of another build, left
    /// open while the box was upgraded, loads the new one rather than send what the new
    /// server no longer reads.
    static let revision = String(
        Digest.hex(files.sorted { $0.key < $1.key }.map { $0.key + "\n" + $0.value.text }.joined()).prefix(16)
    )
}
