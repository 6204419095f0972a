import CDWallyCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import CDWallyWeb

/// Pairing a guest (docs/PRODUCT.md §11): a browser paired from the box invites another with a
/// one-time code whose link only the page's POST redeems; a guest plays and steers, and may not
/// invite, list or revoke; the box's browser revokes it; codes expire and are used once; the
/// link names the Host the request came on; the access file gives each session a role.
@Suite struct WebInvitationTests {
    private func withClient(_ body: @Sendable (WebFixture, any TestClientProtocol) async throws -> Void)
        async throws
    {
        let fixture = try WebFixture()
        let app = Application(router: fixture.server.router())
        do {
            try await app.test(.router) { client in try await body(fixture, client) }
        } catch {
            await fixture.remove()
            throw error
        }
        await fixture.remove()
    }

    private static func headers(session: String?, post: Bool) -> HTTPFields {
        var headers: HTTPFields = [:]
        if let session { headers[.cookie] = "\(WebGate.sessionCookie)=\(session)" }
        if post {
            headers[.origin] = "http://localhost"
            headers[.contentType] = "application/json"
        }
        return headers
    }

    private static func post(
        _ uri: String, _ body: String = "{}", session: String?, to client: any TestClientProtocol
    ) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: .post, headers: headers(session: session, post: true),
            body: ByteBuffer(string: body))
    }

    private static func get(_ uri: String, session: String?, to client: any TestClientProtocol) async throws
        -> TestResponse
    {
        try await client.execute(uri: uri, method: .get, headers: headers(session: session, post: false))
    }

    private static func json(_ response: TestResponse) throws -> JSONValue {
        try JSONValue(parsing: Array(response.body.readableBytesView))
    }

    /// The session secret in a pairing's `Set-Cookie`.
    private static func secret(_ response: TestResponse) throws -> String {
        let cookie = try #require(response.headers[.setCookie])
        return String(try #require(cookie.split(separator: ";").first?.split(separator: "=").last))
    }

    private static func browserNames(_ response: TestResponse) throws -> [String] {
        guard case .array(let browsers)? = try json(response)["browsers"] else { throw Missing() }
        return browsers.compactMap { $0["name"]?.stringValue }
    }

    @Test func theInvitationsLinkRedeemsNothingUntilThePagePostsItsCode() async throws {
        try await withClient { fixture, client in
            let box = try fixture.session()
            let invitation = try await Self.post("/api/v1/invites", session: box, to: client)
            #expect(invitation.status == .ok)
            let answer = try Self.json(invitation)
            let code = try #require(answer["code"]?.stringValue)
            #expect(code.range(of: #"^\d{4}-\d{4}$"#, options: .regularExpression) != nil)
            #expect(answer["link"]?.stringValue == "http://localhost/pair?code=\(code)")
            #expect(answer["qr"]?.stringValue?.hasPrefix("data:image/svg+xml;base64,") == true)
            // A chat app's preview GETs the link: the page, no cookie, no session made.
            for _ in 0..<2 {
                let preview = try await Self.get("/pair?code=\(code)", session: nil, to: client)
                #expect(preview.status == .ok)
                #expect(preview.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(preview.headers[.setCookie] == nil)
            }
            let listed = try await Self.get("/api/v1/browsers", session: box, to: client)
            #expect(try Self.browserNames(listed) == ["browser-1"])
            // The page's POST redeems it, once, for a guest.
            let paired = try await Self.post(
                "/api/v1/pair", #"{"code":"\#(code)"}"#, session: nil, to: client)
            #expect(paired.status == .ok)
            let guest = try Self.secret(paired)
            let me = try Self.json(try await Self.get("/api/v1/session", session: guest, to: client))
            #expect(me["name"]?.stringValue == "guest-1" && me["role"]?.stringValue == "guest")
            let again = try await Self.post("/api/v1/pair", #"{"code":"\#(code)"}"#, session: nil, to: client)
            #expect(again.status == .unauthorized)
            #expect(
                try Self.browserNames(try await Self.get("/api/v1/browsers", session: box, to: client))
                    == ["browser-1", "guest-1"])
        }
    }

    @Test func aGuestPlaysButMayNotInviteListOrRevokeAndTheBoxsBrowserRevokesIt() async throws {
        try await withClient { fixture, client in
            let box = try fixture.session()
            let code = try #require(
                try Self.json(try await Self.post("/api/v1/invites", session: box, to: client))["code"]?
                    .stringValue)
            let guest = try Self.secret(
                try await Self.post("/api/v1/pair", #"{"code":"\#(code)"}"#, session: nil, to: client))
            let played = try await Self.post(
                "/api/v1/commands", #"{"command":"disc","disc":2}"#, session: guest, to: client)
            #expect(played.status == .ok)
            for (uri, body, method) in [
                ("/api/v1/invites", "{}", HTTPRequest.Method.post),
                ("/api/v1/browsers", "", .get),
                ("/api/v1/browsers/revoke", #"{"name":"browser-1"}"#, .post),
            ] {
                let refused =
                    method == .post
                    ? try await Self.post(uri, body, session: guest, to: client)
                    : try await Self.get(uri, session: guest, to: client)
                #expect(refused.status == .forbidden, "\(uri)")
                #expect(try Self.json(refused)["error"]?["code"]?.stringValue == "box-only", "\(uri)")
            }
            // The box's browser is still paired: the guest's Revoke did nothing.
            #expect(try await Self.get("/api/v1/state", session: box, to: client).status == .ok)
            let revoked = try await Self.post(
                "/api/v1/browsers/revoke", #"{"name":"guest-1"}"#, session: box, to: client)
            #expect(revoked.status == .ok)
            #expect(try Self.browserNames(revoked) == ["browser-1"])
            #expect(try await Self.get("/api/v1/state", session: guest, to: client).status == .unauthorized)
            let unknown = try await Self.post(
                "/api/v1/browsers/revoke", #"{"name":"guest-1"}"#, session: box, to: client)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func anInvitationLastsFiveMinutesAndOneBrowser() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cdwally-invite-\(UUID())")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let access = WebAccess(stateFolder: folder)
        let start = Date()
        let late = try access.newInvitation(now: start)
        #expect(try access.redeem(code: late, now: start + 301) == nil)
        let code = try access.newInvitation(now: start)
        let secret = try #require(try access.redeem(code: code, now: start + 299))
        #expect(access.session(secret)?.role == .guest)
        #expect(try access.redeem(code: code, now: start + 299) == nil)
        // The box's code makes a browser of the box's.
        let boxSecret = try #require(
            try access.redeem(code: try access.newPairingCode(now: start), now: start))
        #expect(access.session(boxSecret)?.role == .box)
        #expect(try access.entries().map(\.role) == [.guest, .box])
    }

    @Test func aVersion1AccessFileKeepsItsBrowsersAsTheBoxsAndIsWrittenAsVersion2() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cdwally-access-\(UUID())")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let access = WebAccess(stateFolder: folder)
        let secret = "an-old-session-secret"
        let old = """
            {"codes":[],"sessions":[{"created":"2026-01-02T03:04:05Z","hash":"\(Digest.hex(secret))",\
            "name":"browser-3"}],"tokens":[{"created":"2026-01-02T03:04:05Z","hash":"\(Digest.hex("t"))",\
            "name":"kitchen"}],"version":1}
            """
        try old.write(toFile: access.path, atomically: true, encoding: .utf8)
        #expect(access.session(secret)?.role == .box)
        #expect(access.session(secret)?.name == "browser-3")
        #expect(access.isToken("t"))
        _ = try access.newInvitation()
        let written = try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: access.path))))
        #expect(written["version"]?.intValue == 2)
        guard case .array(let sessions)? = written["sessions"] else { throw Missing() }
        #expect(sessions.first?["role"]?.stringValue == "box")
        #expect(access.session(secret)?.name == "browser-3")
        try "{\"version\":3}".write(toFile: access.path, atomically: true, encoding: .utf8)
        #expect(throws: WebError.accessFile(access.path, reason: "version 3 is not one this cdwally knows")) {
            try access.entries()
        }
    }

    /// The link names the address the request came on, which the Host check accepted; a
    /// request for another host makes no invitation at all.
    @Test func theLinkNamesTheHostTheRequestCameOn() async throws {
        let fixture = try WebFixture()
        do {
            try await fixture.server.start()
            let box = try fixture.session()
            let port = fixture.port
            for host in ["127.0.0.1:\(port)", "localhost:\(port)"] {
                let answer = try await offPool {
                    try RawHTTPClient.request(
                        port: port, method: "POST", path: "/api/v1/invites", host: host,
                        headers: [
                            "Cookie": "\(WebGate.sessionCookie)=\(box)", "Origin": "http://\(host)",
                            "Content-Type": "application/json",
                        ], body: "{}")
                }
                #expect(answer.status == 200, "\(answer.body)")
                let link = try JSONValue(parsing: Array(answer.body.utf8))["link"]?.stringValue
                #expect(link?.hasPrefix("http://\(host)/pair?code=") == true, "\(link ?? "none")")
            }
            let foreign = try await offPool {
                try RawHTTPClient.request(
                    port: port, method: "POST", path: "/api/v1/invites", host: "evil.example:\(port)",
                    headers: [
                        "Cookie": "\(WebGate.sessionCookie)=\(box)", "Origin": "http://evil.example:\(port)",
                        "Content-Type": "application/json",
                    ], body: "{}")
            }
            #expect(foreign.status == 421)
            #expect(!foreign.body.contains("pair?code="))
        } catch {
            await fixture.remove()
            throw error
        }
        await fixture.remove()
    }

    /// A revoked guest's open WebSocket closes within a heartbeat, so its page asks to pair at
    /// once; the box's own socket stays.
    @Test func aRevokedGuestsLiveStateStopsWithinAHeartbeat() async throws {
        let fixture = try WebFixture()
        do {
            try await fixture.server.start()
            let port = fixture.port
            let box = try fixture.session()
            let code = try fixture.access.newInvitation()
            let guest = try #require(try fixture.access.redeem(code: code))
            let origin = "http://127.0.0.1:\(port)"
            let guestSocket = try await offPool {
                try RawHTTPClient.webSocket(
                    port: port, path: "/api/v1/events",
                    headers: ["Cookie": "\(WebGate.sessionCookie)=\(guest)", "Origin": origin])
            }
            let boxSocket = try await offPool {
                try RawHTTPClient.webSocket(
                    port: port, path: "/api/v1/events",
                    headers: ["Cookie": "\(WebGate.sessionCookie)=\(box)", "Origin": origin])
            }
            _ = try await offPool { try guestSocket.nextText() }
            _ = try await offPool { try boxSocket.nextText() }
            try fixture.access.revoke(name: "guest-1", browsersOnly: true)
            let start = ContinuousClock.now
            let closed = try await offPool { () -> Bool in
                // Heartbeats come every 5 s: the first after the revocation is not sent.
                while ContinuousClock.now - start < .seconds(12) {
                    guard (try? guestSocket.nextText()) != nil else { return true }
                }
                return false
            }
            #expect(closed)
            #expect(ContinuousClock.now - start < .seconds(8))
            _ = try await offPool { try boxSocket.nextText() }
        } catch {
            await fixture.remove()
            throw error
        }
        await fixture.remove()
    }

    /// libqrencode's modules, not a picture of anything: a QR code's size (21 + 4 per version)
    /// and its finder pattern's top row, dark from corner to corner.
    @Test func theQRCodeIsLibqrencodesOfTheLink() throws {
        let (width, modules) = try #require(
            QRCode.modules(of: "http://192.168.1.20:8080/pair?code=1234-5678"))
        #expect(width >= 21 && (width - 21) % 4 == 0)
        #expect((0..<7).allSatisfy { modules[$0] } && !modules[7])
        let svg = try #require(QRCode.svg(of: "x"))
        #expect(svg.hasPrefix("<svg ") && svg.contains("viewBox=\"0 0 29 29\""))
    }
}
