import Foundation

/// `web-access.json` as cdwally wrote it before guests (version 1): codes and sessions without
/// a role. Every one of them came from `cdwally web pair` on the box, so each becomes `box`.
struct WebAccessFileVersion1: Decodable {
    struct Code: Decodable {
        var hash: String
        var expires: Date
    }

    var codes: [Code]
    var sessions: [WebAccessFile.Credential]
    var tokens: [WebAccessFile.Credential]

    var migrated: WebAccessFile {
        WebAccessFile(
            codes: codes.map { .init(hash: $0.hash, expires: $0.expires, role: .box) },
            sessions: sessions.map { .init(name: $0.name, hash: $0.hash, created: $0.created, role: .box) },
            tokens: tokens)
    }
}
