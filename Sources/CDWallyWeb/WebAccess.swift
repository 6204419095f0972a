import CDWallyCore
import CDWallySystem
import Foundation

/// Who may use the web remote (docs/PRODUCT.md §6, §11): one-time pairing codes, browser
/// sessions with their role (`WebRole`) and named bearer tokens, kept as hashes in
/// `WebAccessFile`. The CLI and the running server
/// share it through the file: each change is a read-modify-write under an exclusive `flock`
/// on a lock file beside it, written atomically, so neither loses the other's change.
///
/// Threads: any. Every call looks at the file, so a change another process made (a
/// `cdwally web revoke`) acts on the very next request; the file is read again only when
/// its stamp (device, inode, size, ctime) changed since the last read, so a request costs one
/// `stat`, not a read and a JSON decode. Every write is a rename, which gives a new inode.
public struct WebAccess: Sendable {
    public static let fileName = "web-access.json"
    /// How long a pairing code from `cdwally web pair`, or an invitation, can be redeemed.
    public static let codeLifetime: TimeInterval = 5 * 60

    public let path: String
    private let lastRead = LockedValue<(stamp: FileStatus, file: WebAccessFile)?>(nil)

    public init(stateFolder: String) {
        path = stateFolder + "/" + WebAccess.fileName
    }

    /// The user's access file, in cdwally's state folder (`$XDG_STATE_HOME/cdwally`): pairing
    /// and tokens belong to the user, not to a library, so `cdwally web token` works from any
    /// shell. A file an earlier version kept in a library's state folder is moved up the first
    /// time (when the user has none yet), so paired phones stay paired.
    public static func user(stateHome: String, formerFolder: String? = nil) -> WebAccess {
        let access = WebAccess(stateFolder: stateHome)
        if let formerFolder, !FileManager.default.fileExists(atPath: access.path) {
            try? FileManager.default.createDirectory(atPath: stateHome, withIntermediateDirectories: true)
            _ = rename(formerFolder + "/" + fileName, access.path)
        }
        return access
    }

    /// A browser session or a token as `cdwally web list` shows it; a token has no role.
    public struct Entry: Sendable, Equatable {
        public var kind: String
        public var name: String
        public var created: Date
        public var role: WebRole?
    }

    /// Makes a new one-time code such as `4821-0937` for a browser paired from the box; only
    /// its hash is stored.
    public func newPairingCode(now: Date = Date()) throws(WebError) -> String {
        try newCode(role: .box, now: now)
    }

    /// Makes a one-time code for a guest's browser, as a paired browser invites one
    /// (docs/PRODUCT.md §11); it lasts as long as the box's codes.
    func newInvitation(now: Date = Date()) throws(WebError) -> String {
        try newCode(role: .guest, now: now)
    }

    private func newCode(role: WebRole, now: Date) throws(WebError) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<8).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
        try change { file in
            file.codes.removeAll { $0.expires <= now }
            file.codes.append(
                .init(hash: Digest.hex(digits), expires: now + WebAccess.codeLifetime, role: role))
        }
        return digits.prefix(4) + "-" + digits.dropFirst(4)
    }

    /// Trades a valid, unexpired code for a new session secret (the cookie's value), of the
    /// code's role; the code is used up. Nil when the code is wrong or expired.
    func redeem(code: String, now: Date = Date()) throws(WebError) -> String? {
        let digits = code.filter(\.isNumber)
        guard digits.count == 8 else { return nil }
        let hash = Digest.hex(digits)
        var secret: String?
        try change { file in
            file.codes.removeAll { $0.expires <= now }
            guard let index = file.codes.firstIndex(where: { $0.hash == hash }) else { return }
            let role = file.codes.remove(at: index).role
            let newSecret = WebAccess.newSecret()
            // Guests are named apart, so that `web list` and the phone's list tell them at a glance.
            let prefix = role == .guest ? "guest-" : "browser-"
            let number =
                (file.sessions.compactMap {
                    $0.name.hasPrefix(prefix) ? Int($0.name.dropFirst(prefix.count)) : nil
                }
                .max() ?? 0) + 1
            file.sessions.append(
                .init(name: prefix + "\(number)", hash: Digest.hex(newSecret), created: now, role: role))
            secret = newSecret
        }
        return secret
    }

    /// Makes (or replaces) the bearer token `name` and returns it; only its hash is stored.
    public func newToken(name: String, now: Date = Date()) throws(WebError) -> String {
        guard WebAccess.isValidName(name) else { throw WebError.invalidName(name) }
        let secret = WebAccess.newSecret()
        try change { file in
            file.tokens.removeAll { $0.name == name }
            file.tokens.append(.init(name: name, hash: Digest.hex(secret), created: now))
        }
        return secret
    }

    /// Revokes the session or token `name`, or every one of them (and every pairing code)
    /// when `name` is nil. Returns how many went. `browsersOnly` (the web's Revoke) leaves
    /// tokens alone.
    @discardableResult
    public func revoke(name: String?, browsersOnly: Bool = false) throws(WebError) -> Int {
        var count = 0
        try change { file in
            let before = file.sessions.count + file.tokens.count
            if let name {
                file.sessions.removeAll { $0.name == name }
                if !browsersOnly { file.tokens.removeAll { $0.name == name } }
            } else {
                file.sessions.removeAll()
                file.tokens.removeAll()
                file.codes.removeAll()
            }
            count = before - file.sessions.count - file.tokens.count
        }
        if let name, count == 0 { throw WebError.unknownName(name) }
        return count
    }

    public func entries() throws(WebError) -> [Entry] {
        let file = try read()
        return file.sessions.map { Entry(kind: "browser", name: $0.name, created: $0.created, role: $0.role) }
            + file.tokens.map { Entry(kind: "token", name: $0.name, created: $0.created, role: nil) }
    }

    /// Whether `secret` is a live session cookie.
    func isSession(_ secret: String) -> Bool {
        session(secret) != nil
    }

    /// The live session whose cookie is `secret`.
    func session(_ secret: String) -> WebAccessFile.Session? {
        let hash = Digest.hex(secret)
        return try? read().sessions.first { $0.hash == hash }
    }

    /// The live token `secret`'s name.
    func tokenName(_ secret: String) -> String? {
        let hash = Digest.hex(secret)
        return try? read().tokens.first { $0.hash == hash }?.name
    }

    /// Whether `secret` is a live bearer token.
    func isToken(_ secret: String) -> Bool {
        let hash = Digest.hex(secret)
        return (try? read().tokens.contains { $0.hash == hash }) ?? false
    }

    static func isValidName(_ name: String) -> Bool {
        (1...40).contains(name.count)
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }

    /// 256 random bits from the system's generator (getrandom), base64url without padding.
    static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    private func read() throws(WebError) -> WebAccessFile {
        let now = FileStatus.of(RawPath(path))
        if let now, let last = lastRead.current, Self.isSameContent(last.stamp, now) { return last.file }
        let file = try readAfresh()
        lastRead.set(now.map { (stamp: $0, file: file) })
        return file
    }

    /// The same file with the same bytes, as far as a `stat` can tell.
    private static func isSameContent(_ one: FileStatus, _ other: FileStatus) -> Bool {
        (one.device, one.inode, one.size, one.changed, one.modified)
            == (other.device, other.inode, other.size, other.changed, other.modified)
    }

    private func readAfresh() throws(WebError) -> WebAccessFile {
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.contents(of: RawPath(path))
        } catch {
            throw WebError.accessFile(path, reason: error.reason)
        }
        guard let bytes else { return WebAccessFile() }
        do {
            return try WebAccessFile.decode(Data(bytes))
        } catch {
            throw WebError.accessFile(path, reason: error.reason)
        }
    }

    private func change(_ body: (inout WebAccessFile) -> Void) throws(WebError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try AtomicFile.makeDirectory(RawPath(folder))
        } catch {
            throw WebError.accessFile(path, reason: error.reason)
        }
        let lock: FileLock
        do {
            lock = try FileLock.waitingFor(RawPath(path + ".lock"))
        } catch {
            throw WebError.accessFile(path, reason: error.reason)
        }
        defer { lock.release() }
        var file = try read()
        body(&file)
        do {
            try AtomicFile.replace(
                RawPath(path), with: Array(try WebAccessFile.encoder.encode(file)), mode: 0o600)
        } catch let error as AtomicFile.Failure {
            throw WebError.accessFile(path, reason: error.reason)
        } catch {
            throw WebError.accessFile(path, reason: "\(error)")
        }
    }
}
