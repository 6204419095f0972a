import Foundation

/// The on-disk form of who may use the web remote: `web-access.json` in the library's state
/// folder, version 1. It holds SHA-256 hashes and expiry times only, never a secret that
/// works if the file is read. `cdwally web pair|token|revoke` write it; the running server
/// reads it on every check, so a revocation acts on the next request.
struct WebAccessFile: Codable, Sendable, Equatable {
    /// A one-time pairing code, redeemable once until `expires`.
    struct Code: Codable, Sendable, Equatable {
        var hash: String
        var expires: Date
    }

    /// A browser session (cookie) or a script's bearer token.
    struct Credential: Codable, Sendable, Equatable {
        var name: String
        var hash: String
        var created: Date
    }

    static let currentVersion = 1

    var version = WebAccessFile.currentVersion
    var codes: [Code] = []
    var sessions: [Credential] = []
    var tokens: [Credential] = []

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
