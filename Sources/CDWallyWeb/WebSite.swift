/// The pages, embedded in the binary so that one file installs cdwally: SwiftPM compiles each
/// file of `Site/` into a byte array (`resources: [.embedInCode(...)]` in Package.swift).
enum WebSite {
    struct File: Sendable {
        var contentType: String
        var bytes: [UInt8]

        var text: String { String(decoding: bytes, as: UTF8.self) }
        /// A page or script, as opposed to a picture.
        var isText: Bool { !contentType.hasPrefix("image/") }
    }

    private static let page = File(
        contentType: "text/html; charset=utf-8", bytes: PackageResources.index_html)

    /// Each page by the path it is served at. `/pair` is the page too: an invitation's link
    /// (`/pair?code=…`), whose code the page sends only when the user taps Pair.
    static let files: [String: File] = [
        "/": page,
        "/pair": page,
        "/app.js": File(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.app_js),
        "/library.js": File(
            contentType: "text/javascript; charset=utf-8", bytes: PackageResources.library_js),
        "/pairing.js": File(
            contentType: "text/javascript; charset=utf-8", bytes: PackageResources.pairing_js),
        "/style.css": File(contentType: "text/css; charset=utf-8", bytes: PackageResources.style_css),
        // "Add to Home Screen": the name, the icons, and standalone where the browser allows it.
        "/manifest.webmanifest": File(
            contentType: "application/manifest+json", bytes: PackageResources.manifest_webmanifest),
        "/icon.svg": File(contentType: "image/svg+xml", bytes: PackageResources.icon_svg),
        "/icon-180.png": File(contentType: "image/png", bytes: PackageResources.icon_180_png),
        "/icon-192.png": File(contentType: "image/png", bytes: PackageResources.icon_192_png),
        "/icon-512.png": File(contentType: "image/png", bytes: PackageResources.icon_512_png),
    ]

    /// The pages' own digest, sent with every state (`site`): a page of another build, left
    /// open while the box was upgraded, loads the new one rather than send what the new
    /// server no longer reads.
    static let revision = String(
        Digest.hex(files.sorted { $0.key < $1.key }.flatMap { Array(($0.key + "\n").utf8) + $0.value.bytes })
            .prefix(16)
    )
}
