import CDWallyCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import CDWallyWeb

/// "Assign the last card" (docs/PRODUCT.md §11): `{"card": ID}` on `POST /api/v1/wallet` gives
/// the last card read to an album, for a browser paired from the box only, never a guest's.
@Suite struct WebCardRouteTests {
    static let known = AlbumID(rawValue: "0123456789abcdef")

    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ call: String) { lock.withLock { list.append(call) } }
        var all: [String] { lock.withLock { list } }
    }

    private static func library(_ calls: Calls, cards: Bool) -> WebLibrary {
        let refuse: @Sendable (AlbumID) throws -> WebLibrary.Change = { _ in
            throw WebLibrary.Refusal(.refused, "not this one")
        }
        var library = WebLibrary(
            albums: { _, _, _ in (0, []) }, add: refuse, remove: refuse, play: refuse)
        if cards {
            library.assignLastCard = { id in
                calls.add("card \(id)")
                return WebLibrary.Change(
                    album: id, disc: 2, changed: true, message: "Card 0042 plays Quincy — Kept.", undo: nil)
            }
        }
        return library
    }

    private static func post(
        _ uri: String, _ body: String, session: String?, to client: any TestClientProtocol
    )
        async throws -> TestResponse
    {
        var headers: HTTPFields = [.contentType: "application/json", .origin: "http://localhost"]
        if let session { headers[.cookie] = "\(WebGate.sessionCookie)=\(session)" }
        return try await client.execute(
            uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    private static func json(_ response: TestResponse) throws -> JSONValue {
        try JSONValue(parsing: Array(response.body.readableBytesView))
    }

    private func withClient(
        cards: Bool = true, _ body: @Sendable (WebFixture, Calls, any TestClientProtocol) async throws -> Void
    ) async throws {
        let calls = Calls()
        let fixture = try WebFixture(library: Self.library(calls, cards: cards))
        let app = Application(router: fixture.server.router())
        do {
            try await app.test(.router) { client in try await body(fixture, calls, client) }
        } catch {
            await fixture.remove()
            throw error
        }
        await fixture.remove()
    }

    @Test func theBoxsBrowserAssignsTheLastCardAndAGuestMayNot() async throws {
        try await withClient { fixture, calls, client in
            let box = try fixture.session()
            let code = try #require(
                try Self.json(try await Self.post("/api/v1/invites", "{}", session: box, to: client))["code"]?
                    .stringValue)
            let paired = try await Self.post(
                "/api/v1/pair", #"{"code":"\#(code)"}"#, session: nil, to: client)
            let cookie = try #require(paired.headers[.setCookie])
            let guest = String(try #require(cookie.split(separator: ";").first?.split(separator: "=").last))

            let refused = try await Self.post(
                "/api/v1/wallet", #"{"card":"\#(Self.known)"}"#, session: guest, to: client)
            #expect(refused.status == .forbidden)
            #expect(try Self.json(refused)["error"]?["code"]?.stringValue == "box-only")
            #expect(calls.all.isEmpty)

            let assigned = try await Self.post(
                "/api/v1/wallet", #"{"card":"\#(Self.known)"}"#, session: box, to: client)
            #expect(assigned.status == .ok)
            let change = try Self.json(assigned)["change"]
            #expect(change?["message"]?.stringValue == "Card 0042 plays Quincy — Kept.")
            #expect(change?["disc"]?.intValue == 2 && change?["undo"] == .null)
            #expect(calls.all == ["card \(Self.known)"])

            let bad = try await Self.post("/api/v1/wallet", #"{"card":"0042"}"#, session: box, to: client)
            #expect(bad.status == .badRequest)
        }
    }

    @Test func aPlayerWithNoCardsSaysSo() async throws {
        try await withClient(cards: false) { fixture, _, client in
            let answer = try await Self.post(
                "/api/v1/wallet", #"{"card":"\#(Self.known)"}"#, session: try fixture.session(), to: client)
            #expect(answer.status == .serviceUnavailable)
        }
    }
}
