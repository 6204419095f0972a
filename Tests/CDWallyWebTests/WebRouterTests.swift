import CDWallyCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary
@testable import CDWallyWeb

/// Every route of API v1 and every refusal, in process, against a player in memory, and a real
/// player for what its listening memory answers.
@Suite struct WebRouterTests {
    /// The router test client sends `Host: localhost`; a foreign Host is tested live.
    static let origin = "http://localhost"

    /// Runs `body` with a test client of the fixture's router.
    private func withClient(
        realPlayer prepare: ((_ state: String) throws -> Void)? = nil,
        _ body: @Sendable (WebFixture, any TestClientProtocol) async throws -> Void
    ) async throws {
        let fixture = try WebFixture(realPlayer: prepare)
        let app = Application(router: fixture.server.router())
        do {
            try await app.test(.router) { client in try await body(fixture, client) }
        } catch {
            await fixture.remove()
            throw error
        }
        await fixture.remove()
    }

    private static func headers(
        session: String? = nil, origin: String? = WebRouterTests.origin, json: Bool = true
    )
        -> HTTPFields
    {
        var headers: HTTPFields = [:]
        if let session { headers[.cookie] = "\(WebGate.sessionCookie)=\(session)" }
        if let origin { headers[.origin] = origin }
        if json { headers[.contentType] = "application/json" }
        return headers
    }

    /// `body` POSTed as a command by the browser paired as `session`.
    private static func command(
        _ body: String, session: String, to client: any TestClientProtocol
    ) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/commands", method: .post, headers: headers(session: session),
            body: ByteBuffer(string: body))
    }

    private static func json(_ response: TestResponse) throws -> JSONValue {
        try JSONValue(parsing: Array(response.body.readableBytesView))
    }

    @Test func pairingTradesACodeForAStrictHttpOnlyCookie() async throws {
        try await withClient { fixture, client in
            let code = try fixture.access.newPairingCode()
            let response = try await client.execute(
                uri: "/api/v1/pair", method: .post, headers: Self.headers(),
                body: ByteBuffer(string: #"{"code":"\#(code)"}"#))
            #expect(response.status == .ok)
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let secret = try #require(cookie.split(separator: ";").first?.split(separator: "=").last)
            #expect(secret.count >= 43)  // 256 bits in base64url
            // The code is used up.
            let again = try await client.execute(
                uri: "/api/v1/pair", method: .post, headers: Self.headers(),
                body: ByteBuffer(string: #"{"code":"\#(code)"}"#))
            #expect(again.status == .unauthorized)
            // Only hashes are on disk.
            let file = try String(contentsOfFile: fixture.access.path, encoding: .utf8)
            #expect(!file.contains(String(secret)))
            #expect(!file.contains(code.replacingOccurrences(of: "-", with: "")))
        }
    }

    @Test func theStateWalletDiscAndDoctorAnswerAPairedBrowser() async throws {
        try await withClient { fixture, client in
            let session = try fixture.session()
            let state = try await client.execute(
                uri: "/api/v1/state", method: .get, headers: Self.headers(session: session, origin: nil))
            #expect(state.status == .ok)
            #expect(state.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            #expect(state.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            #expect(state.headers[HTTPField.Name("Access-Control-Allow-Origin")!] == nil)
            #expect(try Self.json(state)["state"]?.stringValue == "idle")
            #expect(try Self.json(state)["revision"]?.intValue == 1)
            #expect(try Self.json(state)["waitingForOutput"]?.boolValue == false)

            let wallet = try Self.json(
                try await client.execute(
                    uri: "/api/v1/wallet", method: .get, headers: Self.headers(session: session, origin: nil))
            )
            guard case .array(let discs)? = wallet["discs"] else { throw Missing() }
            #expect(discs.count == 2)
            #expect(discs[1]["album"]?.stringValue == "Gapless mp3")

            let disc = try await client.execute(
                uri: "/api/v1/discs/2", method: .get, headers: Self.headers(session: session, origin: nil))
            guard case .array(let tracks)? = try Self.json(disc)["tracks"] else { throw Missing() }
            #expect(tracks.count == 3)
            #expect(try Self.json(disc)["resume"] == .null)
            let none = try await client.execute(
                uri: "/api/v1/discs/9", method: .get, headers: Self.headers(session: session, origin: nil))
            #expect(none.status == .notFound)

            let doctor = try await client.execute(
                uri: "/api/v1/doctor", method: .get, headers: Self.headers(session: session, origin: nil))
            #expect(try Self.json(doctor)["library"]?.stringValue == "/music")

            let page = try await client.execute(uri: "/", method: .get, headers: Self.headers(origin: nil))
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    /// Writes one listen of the wallet's first disc into the state folder `state`.
    private static func remember(listenStartingAt start: Date, in state: String) throws {
        let disc = try WebFixture.wallet().discs[0]
        let log = ListeningLog(directory: RawPath(state))
        log.end(
            Listen(
                disc: disc.id, artist: disc.albumArtist, title: disc.title, start: start, seconds: 640,
                finished: true)
        ) { Issue.record("\($0)") }
        log.flush()
    }

    /// `remember` as the fixture's preparation of its state folder.
    private static func remembering(listenStartingAt start: Date) -> (String) throws -> Void {
        { try remember(listenStartingAt: start, in: $0) }
    }

    @Test func theWalletSaysHowOftenAndHowLatelyEachDiscWasPlayed() async throws {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        try await withClient(realPlayer: Self.remembering(listenStartingAt: start)) {
            fixture, client in
            let session = try fixture.session()
            let wallet = try Self.json(
                try await client.execute(
                    uri: "/api/v1/wallet", method: .get, headers: Self.headers(session: session, origin: nil))
            )
            guard case .array(let discs)? = wallet["discs"] else { throw Missing() }
            #expect(discs[0]["played"]?["listens"]?.intValue == 1)
            #expect(discs[0]["played"]?["finished"]?.intValue == 1)
            #expect(discs[0]["played"]?["lastPlayed"]?.doubleValue == 1_795_000_000)
            #expect(discs[1]["played"] == .null)
            let one = try await client.execute(
                uri: "/api/v1/discs/1", method: .get, headers: Self.headers(session: session, origin: nil))
            #expect(try Self.json(one)["played"]?["seconds"]?.doubleValue == 640)
        }
    }

    /// The GETs answer from the player's memory and never read the state files: a damaged
    /// history, or one of a newer cdwally, written while the player runs, stays where it is and
    /// as it is, and the answers are the player's.
    @Test func theGetsReadNoFileAndMoveNone() async throws {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        try await withClient(realPlayer: Self.remembering(listenStartingAt: start)) {
            fixture, client in
            let session = try fixture.session()
            let file = URL(fileURLWithPath: fixture.state + "/listens.json")
            for content in [#"{"version": 1, "listens": ["#, #"{"version": 99, "listens": []}"#] {
                let bytes = Data(content.utf8)
                try bytes.write(to: file)
                for uri in ["/api/v1/wallet", "/api/v1/discs/1"] {
                    let answer = try Self.json(
                        try await client.execute(
                            uri: uri, method: .get, headers: Self.headers(session: session, origin: nil)))
                    let disc: JSONValue? =
                        if case .array(let discs)? = answer["discs"] { discs.first } else { answer }
                    #expect(disc?["played"]?["listens"]?.intValue == 1, "\(uri) after \(content)")
                }
                #expect(try Data(contentsOf: file) == bytes)
                let names = try FileManager.default.contentsOfDirectory(atPath: fixture.state)
                #expect(!names.contains { $0.contains("damaged") }, "\(names)")
            }
        }
    }

    /// A listen stamped ahead of the server's clock (a Pi whose clock ran ahead) has no date:
    /// "lastPlayed" null, never "just now".
    @Test func noListenAheadOfTheClockIsDated() async throws {
        let ahead = Date().addingTimeInterval(49 * 86_400)
        try await withClient(realPlayer: Self.remembering(listenStartingAt: ahead)) {
            fixture, client in
            let session = try fixture.session()
            let one = try Self.json(
                try await client.execute(
                    uri: "/api/v1/discs/1", method: .get, headers: Self.headers(session: session, origin: nil)
                ))
            #expect(one["played"]?["listens"]?.intValue == 1)
            #expect(one["played"]?["lastPlayed"] == .null)
        }
    }

    @Test func coversComeInThreeSizesUnderNamesThatNeverChange() async throws {
        try await withClient { fixture, client in
            let session = try fixture.session()
            fixture.server.startCovers()
            var covers: JSONValue?
            let made = await eventually {
                let wallet = try? Self.json(
                    try await client.execute(
                        uri: "/api/v1/wallet", method: .get,
                        headers: Self.headers(session: session, origin: nil)))
                if case .array(let discs)? = wallet?["discs"] { covers = discs.first?["covers"] }
                return covers != nil && covers != .null
            }
            try #require(made, "no covers made")
            var sizes: [Int] = []
            for size in ["128", "256", "512"] {
                let url = try #require(covers?[size]?.stringValue)
                #expect(url.hasSuffix("-\(size).jpg"))
                let response = try await client.execute(
                    uri: url, method: .get, headers: Self.headers(session: session, origin: nil))
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(Array(response.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])
                sizes.append(response.body.readableBytes)
            }
            #expect(sizes == sizes.sorted())
            let unpaired = try await client.execute(
                uri: try #require(covers?["128"]?.stringValue), method: .get,
                headers: Self.headers(origin: nil))
            #expect(unpaired.status == .unauthorized)
        }
    }

    @Test func aCommandAnswersWithTheNewStateAndRevision() async throws {
        try await withClient { fixture, client in
            let session = try fixture.session()
            let response = try await Self.command(
                #"{"command":"disc","disc":2}"#, session: session, to: client)
            #expect(response.status == .ok)
            let state = try Self.json(response)
            #expect(state["state"]?.stringValue == "playing")
            #expect(state["disc"]?["position"]?.intValue == 2)
            #expect((state["revision"]?.intValue ?? 0) > 1)
            #expect(state["site"]?.stringValue == WebSite.revision)
            #expect(WebSite.revision.count == 16)

            let unknown = try await Self.command(
                #"{"command":"loadfile","file":"/etc/passwd"}"#, session: session, to: client)
            #expect(unknown.status == .badRequest)
            #expect(
                try Self.json(unknown)["error"]?["message"]?.stringValue?.contains("unknown command") == true)
            let outOfRange = try await Self.command(
                #"{"command":"disc","disc":7}"#, session: session, to: client)
            #expect(outOfRange.status == .unprocessableContent)
            #expect(try Self.json(outOfRange)["error"]?["code"]?.stringValue == "player")
            #expect(try Self.json(outOfRange)["error"]?["kind"]?.stringValue == "out-of-range")
        }
    }

    /// One status shape: the web's state is the socket's status (`PlayerStatus`, what
    /// `status --json` prints) inside the feed's own members, a superset of both former shapes.
    @Test func theStateIsTheSocketsStatusInsideTheFeedsMembers() async throws {
        try await withClient { fixture, client in
            let session = try fixture.session()
            #expect(
                try await Self.command(#"{"command":"play","disc":1}"#, session: session, to: client).status
                    == .ok)
            let answer = try await Self.command(
                #"{"command":"sleep","for":"30m"}"#, session: session, to: client)
            let state = try Self.json(answer)
            guard case .object(let members) = state else { throw Missing() }
            let names = members.map(\.0)
            let status = PlayerStatus(snapshot: fixture.player.snapshot).members.map(\.0)
            // Parsed JSON keeps no order; WebJSON writes the feed's members around the status's.
            #expect(Set(names) == Set(["revision", "at"] + status + ["walletRevision", "site"]))
            let formerWeb: Set = [
                "revision", "at", "state", "disc", "trackIndex", "track", "elapsed", "duration", "volume",
                "muted",
                "sleep", "waitingForOutput", "walletRevision", "site",
            ]
            let formerSocket: Set = [
                "state", "disc", "track", "elapsed", "position", "trackCount", "volume", "muted", "sleep",
                "waitingForOutput", "waitingFor",
            ]
            #expect(formerWeb.union(formerSocket).isSubset(of: Set(names)), "\(names)")
            guard case .object(let disc)? = state["disc"], case .object(let sleep)? = state["sleep"] else {
                throw Missing()
            }
            #expect(
                Set(disc.map(\.0))
                    == ["position", "id", "albumArtist", "album", "year", "trackCount", "covers"])
            #expect(Set(sleep.map(\.0)) == ["mode", "remaining", "until"])
            #expect(state["trackIndex"]?.intValue == 1)
            #expect(state["position"] == state["elapsed"])
        }
    }

    @Test func theWebSpeaksTheControlSocketsVerbsLessQuit() async throws {
        try await withClient { fixture, client in
            let session = try fixture.session()
            func post(_ body: String) async throws -> TestResponse {
                try await Self.command(body, session: session, to: client)
            }
            let next = try await post(#"{"command":"disc","disc":"next","version":1}"#)
            #expect(next.status == .ok)
            #expect(try Self.json(next)["disc"]?["position"]?.intValue != nil)
            let random = try await post(#"{"command":"disc","disc":"random"}"#)
            #expect(random.status == .ok)

            let quit = try await post(#"{"command":"quit"}"#)
            #expect(quit.status == .badRequest)
            let known = try Self.json(quit)["error"]?["message"]?.stringValue ?? ""
            #expect(known.hasPrefix("unknown command 'quit'; known: pause, resume"))
            #expect(!known.contains("quit;") && !known.hasSuffix("quit"))
            #expect(fixture.player.snapshot.state == .playing)

            // The first release's spelling is refused with what to send instead.
            let old = try await post(#"{"command":"next-disc","args":[]}"#)
            #expect(old.status == .badRequest)
            let args = try await post(#"{"command":"disc","args":[2]}"#)
            #expect(args.status == .badRequest)
            #expect(
                try Self.json(args)["error"]?["message"]?.stringValue
                    == #""args" is no longer read: send the verb's fields, as {"command": "disc", "disc": 3}"#
            )
        }
    }

    @Test func refusesAForeignOriginOrNone() async throws {
        try await withClient { fixture, client in
            let session = try fixture.session()
            for origin in ["http://evil.example", nil] {
                let response = try await client.execute(
                    uri: "/api/v1/commands", method: .post,
                    headers: Self.headers(session: session, origin: origin),
                    body: ByteBuffer(string: #"{"command":"toggle"}"#))
                #expect(response.status == .forbidden)
            }
            #expect(fixture.player.snapshot.state == .idle)
        }
    }

    @Test func refusesAnUnpairedOrRevokedBrowser() async throws {
        try await withClient { fixture, client in
            let none = try await client.execute(
                uri: "/api/v1/state", method: .get, headers: Self.headers(origin: nil))
            #expect(none.status == .unauthorized)
            let session = try fixture.session()
            let before = try await client.execute(
                uri: "/api/v1/state", method: .get, headers: Self.headers(session: session, origin: nil))
            #expect(before.status == .ok)
            try fixture.access.revoke(name: "browser-1")
            let after = try await client.execute(
                uri: "/api/v1/state", method: .get, headers: Self.headers(session: session, origin: nil))
            #expect(after.status == .unauthorized)
        }
    }

    @Test func aBearerTokenWorksWithoutAnOrigin() async throws {
        try await withClient { fixture, client in
            let token = try fixture.access.newToken(name: "kitchen")
            var headers = Self.headers(origin: nil)
            headers[.authorization] = "Bearer \(token)"
            let response = try await client.execute(
                uri: "/api/v1/commands", method: .post, headers: headers,
                body: ByteBuffer(string: #"{"command":"play","disc":1}"#))
            #expect(response.status == .ok)
            headers[.authorization] = "Bearer nope"
            let wrong = try await client.execute(uri: "/api/v1/state", method: .get, headers: headers)
            #expect(wrong.status == .unauthorized)
        }
    }

    @Test func aGetNeverRunsACommand() async throws {
        try await withClient { fixture, client in
            let response = try await client.execute(
                uri: "/api/v1/commands", method: .get, headers: Self.headers(session: try fixture.session()))
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == "POST")
        }
    }

    @Test func refusesABodyThatIsNotJSONOrTooLarge() async throws {
        try await withClient { fixture, client in
            let session = try fixture.session()
            let form = try await client.execute(
                uri: "/api/v1/commands", method: .post,
                headers: {
                    var headers = Self.headers(session: session)
                    headers[.contentType] = "application/x-www-form-urlencoded"
                    return headers
                }(), body: ByteBuffer(string: "command=toggle"))
            #expect(form.status == .unsupportedMediaType)
            let large = String(repeating: " ", count: 9000) + #"{"command":"toggle"}"#
            let big = try await Self.command(large, session: session, to: client)
            #expect(big.status == .contentTooLarge)
            #expect(fixture.player.snapshot.state == .idle)
        }
    }

    @Test func limitsPairingAttempts() async throws {
        try await withClient { fixture, client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<6 {
                let response = try await client.execute(
                    uri: "/api/v1/pair", method: .post, headers: Self.headers(),
                    body: ByteBuffer(string: #"{"code":"0000-0000"}"#))
                statuses.append(response.status)
            }
            #expect(statuses.prefix(5).allSatisfy { $0 == .unauthorized })
            #expect(statuses.last == .tooManyRequests)
            // Even the right code waits now.
            let code = try fixture.access.newPairingCode()
            let right = try await client.execute(
                uri: "/api/v1/pair", method: .post, headers: Self.headers(),
                body: ByteBuffer(string: #"{"code":"\#(code)"}"#))
            #expect(right.status == .tooManyRequests)
        }
    }

    @Test func limitsFailedLoginsButLetsTheHouseholdIn() async throws {
        try await withClient { fixture, client in
            var last: HTTPResponse.Status = .ok
            for _ in 0..<11 {
                last = try await client.execute(
                    uri: "/api/v1/state", method: .get, headers: Self.headers(session: "guess", origin: nil)
                ).status
            }
            #expect(last == .tooManyRequests)
            let paired = try await client.execute(
                uri: "/api/v1/state", method: .get,
                headers: Self.headers(session: try fixture.session(), origin: nil))
            #expect(paired.status == .ok)
            // A revoked browser still gets the page, to pair again.
            let page = try await client.execute(
                uri: "/", method: .get, headers: Self.headers(session: "revoked", origin: nil))
            #expect(page.status == .ok)
        }
    }

    @Test func trackGoesToATrackOfTheCurrentDiscOrSaysWhyNot() async throws {
        try await withClient { fixture, client in
            let session = try fixture.session()
            func post(_ body: String) async throws -> TestResponse {
                try await Self.command(body, session: session, to: client)
            }
            #expect(try await post(#"{"command":"disc","disc":2}"#).status == .ok)
            let third = try await post(#"{"command":"track","track":3}"#)
            #expect(third.status == .ok)
            #expect(try Self.json(third)["trackIndex"]?.intValue == 3)
            let missing = try await post(#"{"command":"track","track":4}"#)
            #expect(missing.status == .unprocessableContent)
            #expect(
                try Self.json(missing)["error"]?["message"]?.stringValue
                    == "there is no track 4 on 'Gapless mp3': it has 3 tracks (1–3)")
            for fields in [#""track":0"#, #""track":"3""#, #""number":3"#, #""track":1.5"#] {
                let bad = try await post(#"{"command":"track",\#(fields)}"#)
                #expect(bad.status == .badRequest, "track \(fields)")
            }
            // A seek farther than any track lasts is no position, whichever way it is written,
            // and a place in the track is not before its start.
            for fields in [
                #""seconds":1e38"#, #""seconds":1e38,"relative":true"#,
                #""seconds":-20000000,"relative":true"#, #""seconds":-1"#, #""seconds":"+10""#,
            ] {
                let bad = try await post(#"{"command":"seek",\#(fields)}"#)
                #expect(bad.status == .badRequest, "seek \(fields)")
            }
            #expect(try await post(#"{"command":"seek","seconds":1,"relative":true}"#).status == .ok)

            // A number is a level, as on the command line; a step is text.
            let level = try await post(#"{"command":"volume","change":40}"#)
            #expect(try Self.json(level)["volume"]?.intValue == 40)
            let step = try await post(#"{"command":"volume","change":"-5"}"#)
            #expect(try Self.json(step)["volume"]?.intValue == 35)
            let negative = try await post(#"{"command":"volume","change":-3}"#)
            #expect(negative.status == .unprocessableContent)
            #expect(
                try Self.json(negative)["error"]?["message"]?.stringValue?.hasPrefix("there is no volume -3")
                    == true)
            let unchanged = try await post(#"{"command":"volume","change":"+0"}"#)
            #expect(try Self.json(unchanged)["volume"]?.intValue == 35)
        }
    }

    @Test func aRepeatVisitGets304sForThePagesAndAnUnchangedWallet() async throws {
        try await withClient { fixture, client in
            let session = try fixture.session()
            func get(_ path: String, ifNoneMatch: String? = nil) async throws -> TestResponse {
                var headers = Self.headers(session: path.hasPrefix("/api/") ? session : nil, origin: nil)
                headers[.ifNoneMatch] = ifNoneMatch
                return try await client.execute(uri: path, method: .get, headers: headers)
            }
            for path in ["/", "/app.js", "/style.css", "/api/v1/wallet"] {
                let first = try await get(path)
                #expect(first.status == .ok && first.body.readableBytes > 0)
                #expect(first.headers[.cacheControl]?.hasSuffix("no-cache") == true, "\(path)")
                let etag = try #require(first.headers[.eTag], "\(path) has no ETag")
                let again = try await get(path, ifNoneMatch: etag)
                #expect(again.status == .notModified, "\(path)")
                #expect(again.body.readableBytes == 0)
                #expect(again.headers[.eTag] == etag)
                #expect(try await get(path, ifNoneMatch: #""another", W/\#(etag)"#).status == .notModified)
                #expect(try await get(path, ifNoneMatch: #""another""#).status == .ok)
            }
            // A wallet that changed (its covers are made) is sent again, under a new ETag.
            let before = try #require(try await get("/api/v1/wallet").headers[.eTag])
            fixture.server.startCovers()
            #expect(
                await eventually { (try? await get("/api/v1/wallet", ifNoneMatch: before))?.status == .ok })
        }
    }
}
