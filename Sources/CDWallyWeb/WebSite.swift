/// The pages, embedded in the binary so that one file installs cdwally (SwiftPM resources
/// would need a folder beside it). `WebSite+Files.swift` is generated from `Site/` by
/// `Scripts/embed-web-site`; a test checks it matches.
enum WebSite {
    struct File: Sendable {
        var contentType: String
        var text: String
    }

    /// The pages' own digest, sent with every state (`site`): a page of another build, left
    /// open while the box was upgraded, loads the new one rather than send what the new
    /// server no longer reads.
    static let revision = String(
        Digest.hex(files.sorted { $0.key < $1.key }.map { $0.key + "\n" + $0.value.text }.joined()).prefix(16)
    )
}
