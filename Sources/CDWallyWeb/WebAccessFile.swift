import Foundation

/// The on-disk form of who may use the web remote: `web-access.json` in the user's state
/// folder, version 2. It holds SHA-256 hashes and expiry times only, never a secret that
/// works if the file is read. `cdwally web pair|token|revoke` and the web's invitations and
/// revocations write it; the running server reads it on every check, so a revocation acts on
/// the next request. Version 2 gives each code and session a role (`WebRole`); a version 1
/// file (no roles, every browser paired from the box) is read as one whose roles are all
/// `box`, and written as version 2 at its next change.
struct WebAccessFile: Codable, Sendable, Equatable {
    /// A one-time pairing code, redeemable once until `expires`, for a session of `role`.
    struct Code: Codable, Sendable, Equatable {
        var hash: String
        var expires: Date
        var role: WebRole
    }

    /// A browser session (its cookie), and what it may do.
    struct Session: Codable, Sendable, Equatable {
        var name: String
        var hash: String
        var created: Date
        var role: WebRole
    }

    /// A script's bearer token: made on the box, so with the box's rights.
    struct Credential: Codable, Sendable, Equatable {
        var name: String
        var hash: String
        var created: Date
    }

    static let currentVersion = 2

    var version = WebAccessFile.currentVersion
    var codes: [Code] = []
    var sessions: [Session] = []
    var tokens: [Credential] = []

    /// The file's bytes as this version reads them, version 1 migrated.
    static func decode(_ data: Data) throws(WebAccessFileError) -> WebAccessFile {
        struct Versioned: Decodable { var version: Int }
        guard let version = try? decoder.decode(Versioned.self, from: data).version else {
            throw .unreadable
        }
        switch version {
        case currentVersion:
            guard let file = try? decoder.decode(WebAccessFile.self, from: data) else { throw .unreadable }
            return file
        case 1:
            guard let old = try? decoder.decode(WebAccessFileVersion1.self, from: data) else {
                throw .unreadable
            }
            return old.migrated
        default:
            throw .unknownVersion(version)
        }
    }

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
