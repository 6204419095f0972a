import CDWallyCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import CDWallyWeb

/// The Library's routes in process, against a real player and a library of two albums held by
/// the `WebLibrary` the executable would hand in: who may ask, what a body must look like, and
/// which answers go with which refusals (PROTOCOL.md, "The Library"). The real library behind
/// them is driven in the browser test (`WebRemoteTests`).
@Suite struct WebLibraryRouteTests {
    static let origin = "http://localhost"
    static let known = AlbumID(rawValue: "0123456789abcdef")

    /// What the routes asked of the library, in order.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ call: String) { lock.withLock { list.append(call) } }
        var all: [String] { lock.withLock { list } }
    }

    private static func album(_ id: AlbumID, _ title: String) -> AlbumSummary {
        AlbumSummary(
            id: id, albumArtist: "Quincy", albumArtistSort: nil, title: title, date: "1999", year: 1999,
            trackCount: 2, discCount: 1, duration: 80, folder: RawPath("/music/Quincy/\(title)"),
            firstTrack: AlbumTrack(
                path: RawPath("/music/Quincy/\(title)/01.flac"), disc: 1, track: 1, title: "One",
                artist: "Quincy",
                duration: 40),
            searchText: " quincy \(title.lowercased()) 1999 ")
    }

    private static func library(_ calls: Calls) -> WebLibrary {
        let change: @Sendable (String, AlbumID) throws -> WebLibrary.Change = { action, id in
            calls.add("\(action) \(id)")
            guard id == known else {
                throw WebLibrary.Refusal(.notFound, "no album of this library has the id \(id)")
            }
            return WebLibrary.Change(
                album: id, disc: 1, changed: true, message: "\(action) Quincy — Kept",
                undo: action == "remove" ? "add" : "remove")
        }
        return WebLibrary(
            albums: { words, offset, limit in
                calls.add("albums \(words.joined(separator: " ")) \(offset) \(limit)")
                let all = [album(known, "Kept"), album(AlbumID(rawValue: "fedcba9876543210"), "Other")]
                return (
                    all.count,
                    all.dropFirst(offset).prefix(limit).map {
                        .init(album: $0, inWallet: nil, mergesInto: nil)
                    }
                )
            },
            add: { try change("add", $0) }, remove: { try change("remove", $0) },
            play: { try change("play", $0) })
    }

    private func withClient(
        _ body: @Sendable (WebFixture, Calls, any TestClientProtocol) async throws -> Void
    ) async throws {
        let calls = Calls()
        let fixture = try WebFixture(library: Self.library(calls))
        let app = Application(router: fixture.server.router())
        do {
            try await app.test(.router) { client in try await body(fixture, calls, client) }
        } catch {
            await fixture.remove()
            throw error
        }
        await fixture.remove()
    }

    private static func headers(session: String?, origin: String? = origin) -> HTTPFields {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let session { headers[.cookie] = "\(WebGate.sessionCookie)=\(session)" }
        if let origin { headers[.origin] = origin }
        return headers
    }

    private static func json(_ response: TestResponse) throws -> JSONValue {
        try JSONValue(parsing: Array(response.body.readableBytesView))
    }

    private static func array(_ value: JSONValue?) -> [JSONValue]? {
        if case .array(let items)? = value { items } else { nil }
    }

    @Test func albumsNeedAPairedBrowserAndComeAPageAtATime() async throws {
        try await withClient { fixture, calls, client in
            let stranger = try await client.execute(
                uri: "/api/v1/albums", method: .get, headers: Self.headers(session: nil, origin: nil))
            #expect(stranger.status == .unauthorized)
            #expect(calls.all.isEmpty)
            let session = try fixture.session()
            let page = try await client.execute(
                uri: "/api/v1/albums?q=quincy%20kept&offset=1&limit=1", method: .get,
                headers: Self.headers(session: session))
            #expect(page.status == .ok)
            let body = try Self.json(page)
            #expect(body["total"]?.intValue == 2)
            #expect(body["offset"]?.intValue == 1)
            #expect(Self.array(body["albums"])?.count == 1)
            let first = Self.array(body["albums"])?.first
            #expect(first?["album"]?.stringValue == "Other")
            #expect(first?["inWallet"] == .null)
            #expect(first?["covers"] != nil)
            #expect(calls.all == ["albums quincy kept 1 1"])
            for bad in ["offset=-1", "limit=0", "limit=201", "offset=x"] {
                let refused = try await client.execute(
                    uri: "/api/v1/albums?\(bad)", method: .get, headers: Self.headers(session: session))
                #expect(refused.status == .badRequest, "\(bad)")
            }
            #expect(calls.all.count == 1)
        }
    }

    @Test func theWalletPostTakesOneActionAndAnIdOrSaysWhy() async throws {
        try await withClient { fixture, calls, client in
            let session = try fixture.session()
            func post(_ body: String, session: String? = nil, origin: String? = Self.origin) async throws
                -> TestResponse
            {
                try await client.execute(
                    uri: "/api/v1/wallet", method: .post,
                    headers: Self.headers(session: session, origin: origin),
                    body: ByteBuffer(string: body))
            }
            let id = Self.known.rawValue
            #expect(try await post(#"{"add": "\#(id)"}"#).status == .unauthorized)
            #expect(
                try await post(#"{"add": "\#(id)"}"#, session: session, origin: "http://evil.example").status
                    == .forbidden)
            for bad in [
                #"{"add": 5}"#, #"{"add": "xyz"}"#, #"{"add": "0123456789ABCDEF"}"#, #"{"delete": "\#(id)"}"#,
                #"{"add": "\#(id)", "remove": "\#(id)"}"#, #"[]"#, "{}",
            ] {
                let refused = try await post(bad, session: session)
                #expect(refused.status == .badRequest, "\(bad)")
                #expect(try Self.json(refused)["error"]?["code"]?.stringValue == "bad-command")
            }
            #expect(calls.all.isEmpty)
            let unknown = try await post(#"{"remove": "ffffffffffffffff"}"#, session: session)
            #expect(unknown.status == .notFound)
            #expect(try Self.json(unknown)["error"]?["kind"]?.stringValue == "not-found")
            let added = try await post(#"{"add": "\#(id)"}"#, session: session)
            #expect(added.status == .ok)
            let change = try Self.json(added)["change"]
            #expect(change?["changed"] == .bool(true))
            #expect(change?["undo"]?["remove"]?.stringValue == id)
            #expect(Self.array(try Self.json(added)["wallet"]?["discs"])?.count == 2)
            let get = try await client.execute(
                uri: "/api/v1/wallet/change", method: .get, headers: Self.headers(session: session))
            #expect(get.status == .methodNotAllowed)
            #expect(calls.all == ["remove ffffffffffffffff", "add \(id)"])
        }
    }
}
