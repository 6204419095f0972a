import Foundation
import HTTPTypes

/// The checks every request passes before it reaches a route (docs/PRODUCT.md §6): the Host
/// names this box (against DNS rebinding), a POST or WebSocket upgrade comes from our own
/// pages (Origin), and API calls carry a live session cookie or bearer token; what a guest may
/// not do asks `boxCaller`. Pairing and failed logins are rate-limited.
///
/// Threads: any.
struct WebGate: Sendable {
    static let sessionCookie = "cdwally_session"
    static let maximumBody = 8 * 1024

    let hosts: HostAllowList
    let access: WebAccess
    let pairing = RateLimiter(limit: 5, window: 60)
    let failedLogins = RateLimiter(limit: 10, window: 60)

    /// How a request proved who it is.
    enum Credential: Equatable {
        case session
        case token
    }

    func checkHost(_ request: HTTPRequest) throws(WebRequestError) {
        guard hosts.allows(request.authority) else { throw .foreignHost }
    }

    /// A state-changing request must name our own origin. A bearer token may come without an
    /// Origin (curl, scripts): browsers cannot add the header to a cross-site request without
    /// CORS, which this server never grants.
    func checkOrigin(_ request: HTTPRequest, credential: Credential?) throws(WebRequestError) {
        guard let origin = request.headerFields[.origin] else {
            if credential == .token { return }
            throw .foreignOrigin
        }
        guard let authority = request.authority,
            origin.lowercased() == "http://" + authority.lowercased()
        else { throw .foreignOrigin }
    }

    /// The credential a request carries, if it is live. A wrong one counts as a failed login;
    /// past the limit, wrong ones get 429 while right ones still pass: the secrets are 256
    /// bits, so the limit only slows a prober, and it must not lock the household out.
    func credential(_ request: HTTPRequest) throws(WebRequestError) -> Credential? {
        if let authorization = request.headerFields[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer", access.isToken(String(parts[1])) {
                return .token
            }
            throw failedLogins.allow() ? .notPaired : .tooManyAttempts
        }
        if let secret = WebGate.cookie(WebGate.sessionCookie, in: request) {
            if access.isSession(secret) { return .session }
            throw failedLogins.allow() ? .notPaired : .tooManyAttempts
        }
        return nil
    }

    /// The valid session secret or token a request carries, or nil. Unlike `credential`, it
    /// counts no failed login: the connection guard and the WebSocket caps ask it.
    func credentialKey(_ request: HTTPRequest) -> String? {
        if let authorization = request.headerFields[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer", access.isToken(String(parts[1])) {
                return "token " + parts[1]
            }
            return nil
        }
        if let secret = WebGate.cookie(WebGate.sessionCookie, in: request), access.isSession(secret) {
            return "session " + secret
        }
        return nil
    }

    /// Who a request is, when it carries a live credential: a session's name and role, or a
    /// token's name (a token has the box's rights: only the box makes one). Counts no failed
    /// login: the middleware's `credential` has already let the request through.
    func caller(_ request: HTTPRequest) -> WebCaller? {
        if let authorization = request.headerFields[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer",
                let name = access.tokenName(String(parts[1]))
            else { return nil }
            return WebCaller(name: name, role: .box, isToken: true)
        }
        guard let secret = WebGate.cookie(WebGate.sessionCookie, in: request),
            let session = access.session(secret)
        else { return nil }
        return WebCaller(name: session.name, role: session.role, isToken: false)
    }

    /// The caller, when it may do what only the box's browsers may (docs/PRODUCT.md §11):
    /// invite, change limits, revoke. A guest gets 403 with `what` it may not do.
    func boxCaller(_ request: HTTPRequest, to what: String) throws(WebRequestError) -> WebCaller {
        guard let caller = caller(request) else { throw .notPaired }
        guard caller.role == .box else { throw .boxOnly(what) }
        return caller
    }

    /// Trades a pairing code for a session secret, within the attempt limit.
    func pair(code: String) throws(WebRequestError) -> String {
        guard pairing.allow() else { throw .tooManyAttempts }
        let secret: String?
        do {
            secret = try access.redeem(code: code)
        } catch {
            throw .unavailable(error.description)
        }
        guard let secret else { throw .badCode }
        return secret
    }

    /// The `Set-Cookie` value for a new session: script-proof, same-site only, a year long.
    static func setCookie(_ secret: String) -> String {
        "\(sessionCookie)=\(secret); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
    }

    static func cookie(_ name: String, in request: HTTPRequest) -> String? {
        for field in request.headerFields[values: .cookie] {
            for pair in field.split(separator: ";") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0] == name { return String(parts[1]) }
            }
        }
        return nil
    }
}
