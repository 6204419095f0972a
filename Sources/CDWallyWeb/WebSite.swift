/// The pages, embedded in the binary so that one file installs cdwally (SwiftPM resources
/// would need a folder beside it). `WebSite+Files.swift` is generated from `Site/` by
/// `Scripts/embed-web-site`; a test checks it matches.
enum WebSite {
    struct File: Sendable {
        var contentType: String
        var text: String
    }
}
