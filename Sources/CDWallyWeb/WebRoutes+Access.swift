import CDWallyCore
import Foundation
import Hummingbird

/// Pairing a guest (docs/PRODUCT.md §11): a browser paired from the box invites another with a
/// one-time code, given as text, a link and a QR code; it lists the paired browsers and revokes
/// them. A guest may play and steer, and is refused these (403 `box-only`).
extension WebRoutes {
    func addAccessRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/v1/session") { request, _ in try session(request) }
        router.post("/api/v1/invites") { request, _ in try invite(request) }
        router.get("/api/v1/browsers") { request, _ in try browsers(request) }
        router.post("/api/v1/browsers/revoke") { request, _ in try await revoke(request) }
    }

    /// Who this browser is, so that the page offers Invite and Revoke only where they work.
    private func session(_ request: Request) throws -> Response {
        guard let caller = gate.caller(request.head) else { throw WebRequestError.notPaired }
        return Response.json(
            .object([
                ("name", .string(caller.name)), ("role", .string(caller.role.rawValue)),
                ("kind", .string(caller.isToken ? "token" : "browser")),
            ]))
    }

    /// A new invitation. Its link names the address this request came on (the Host, which the
    /// gate has checked): the address the inviting phone reaches the box by is one the guest
    /// on the same network can reach too. The code is redeemed only by the page's POST to
    /// `/api/v1/pair`; a GET of the link (a chat app's preview) serves the page and nothing else.
    private func invite(_ request: Request) throws -> Response {
        _ = try gate.boxCaller(request.head, to: "invite another browser")
        guard let authority = request.head.authority else { throw WebRequestError.foreignHost }
        let now = Date()
        let code: String
        do {
            code = try gate.access.newInvitation(now: now)
        } catch {
            throw WebRequestError.unavailable(error.description)
        }
        let link = "http://\(authority)/pair?code=\(code)"
        return Response.json(
            .object([
                ("code", .string(code)), ("link", .string(link)),
                ("expires", .seconds((now + WebAccess.codeLifetime).timeIntervalSince1970)),
                ("qr", QRCode.svgDataURL(of: link).map(JSONValue.string) ?? .null),
            ]))
    }

    /// The paired browsers, for a browser paired from the box; tokens stay with the command line.
    private func browsers(_ request: Request) throws -> Response {
        let caller = try gate.boxCaller(request.head, to: "list the paired browsers")
        return Response.json(try browserList(you: caller))
    }

    /// `{"name": "guest-1"}`: that browser's session ends; its next request is not paired.
    private func revoke(_ request: Request) async throws -> Response {
        let caller = try gate.boxCaller(request.head, to: "revoke a browser")
        let body = try await WebRoutes.jsonBody(request)
        guard let name = body["name"]?.stringValue else {
            throw WebRequestError.badCommand("send {\"name\": \"guest-1\"}, a name /api/v1/browsers lists")
        }
        do {
            try gate.access.revoke(name: name, browsersOnly: true)
        } catch {
            if case .unknownName = error {
                throw WebRequestError.notFound("no paired browser named '\(ShownText.excerpt(name))'")
            }
            throw WebRequestError.unavailable(error.description)
        }
        return Response.json(try browserList(you: caller))
    }

    private func browserList(you caller: WebCaller) throws -> JSONValue {
        let entries: [WebAccess.Entry]
        do {
            entries = try gate.access.entries()
        } catch {
            throw WebRequestError.unavailable(error.description)
        }
        return .object([
            (
                "browsers",
                .array(
                    entries.filter { $0.kind == "browser" }.map { entry in
                        .object([
                            ("name", .string(entry.name)), ("role", .string(entry.role?.rawValue ?? "box")),
                            ("created", .seconds(entry.created.timeIntervalSince1970)),
                            ("you", .bool(!caller.isToken && entry.name == caller.name)),
                        ])
                    })
            )
        ])
    }
}
