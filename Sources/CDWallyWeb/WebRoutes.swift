import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation
import Hummingbird

/// API v1 and the pages (PROTOCOL.md beside this file). Handlers are thin: parse, call the
/// player or the feed, answer. No GET changes anything; commands are JSON POSTs.
struct WebRoutes: Sendable {
    /// What the routes read: the player's memory, never its files.
    let view: any PlayerView
    /// Where their commands go.
    let inbox: any PlayerInbox
    let feed: StateFeed
    let configuration: WebConfiguration
    let gate: WebGate

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: WebGuardMiddleware(gate: gate))
        for (path, file) in WebSite.files {
            router.get(RouterPath(path)) { request, _ in WebRoutes.page(file, for: request) }
        }
        router.post("/api/v1/pair") { request, _ in try await pair(request) }
        router.get("/api/v1/state") { _, _ in Response.json(feed.stateMessage) }
        // Revalidated, not re-sent: a page loading again gets a 304 while the wallet is unchanged.
        router.get("/api/v1/wallet") { request, _ in
            let wallet = WebJSON.wallet(
                view.snapshot.wallet, view: view, covers: feed.covers)
            return Response.revalidated(
                request, body: ByteBuffer(bytes: wallet.utf8(pretty: false)),
                contentType: Response.jsonType,
                cacheControl: "private, no-cache")
        }
        router.get("/api/v1/discs/{position}") { _, context in
            let wallet = view.snapshot.wallet
            guard let position = context.parameters.get("position", as: Int.self),
                let album = wallet.disc(at: position)
            else {
                throw WebRequestError.notFound(
                    "no disc at that position; the wallet holds \(wallet.discs.count)")
            }
            return Response.json(
                WebJSON.disc(
                    album, position: position, resume: view.resumePoint(for: album),
                    played: view.listeningTotals[album.id], covers: feed.covers, tracks: true))
        }
        router.get("/api/v1/doctor") { _, _ in
            do {
                return Response.json(try await configuration.doctor())
            } catch {
                throw WebRequestError.unavailable("doctor: \(error)")
            }
        }
        router.post("/api/v1/commands") { request, _ in try await command(request) }
        router.get("/api/v1/commands") { _, _ -> Response in
            throw WebRequestError.methodNotAllowed(allow: "POST")
        }
        router.get("/api/v1/events") { _, _ -> Response in
            throw WebRequestError.badCommand("/api/v1/events is a WebSocket: connect with an Upgrade request")
        }
        router.get("/covers/{name}") { _, context in
            try await cover(named: context.parameters.get("name") ?? "")
        }
        addLibraryRoutes(to: router)
        addAccessRoutes(to: router)
        return router
    }

    private func pair(_ request: Request) async throws -> Response {
        let body = try await WebRoutes.jsonBody(request)
        guard let code = body["code"]?.stringValue else {
            throw WebRequestError.badCommand(
                "send {\"code\": \"1234-5678\"}, the code `cdwally web pair` printed or an invitation gave")
        }
        let secret = try gate.pair(code: code)
        var response = Response.json(.object([("paired", .bool(true))]))
        response.headers[.setCookie] = WebGate.setCookie(secret)
        return response
    }

    private func command(_ request: Request) async throws -> Response {
        let command = try WebCommandBody.command(try await WebRoutes.jsonBody(request))
        do {
            let snapshot = try await inbox.perform(command)
            return Response.json(feed.note(snapshot))
        } catch {
            throw WebRequestError.player(error.description, kind: error.kind)
        }
    }

    /// A sized cover; its name holds its content's hash, so it may be cached for good.
    private func cover(named name: String) async throws -> Response {
        // Read on the pool for blocking work: an SD card may take its time.
        let covers = feed.covers
        guard
            let data = try await BlockingPool.shared.run({
                covers.file(named: name).flatMap { FileManager.default.contents(atPath: $0) }
            })
        else { throw WebRequestError.notFound("no such cover") }
        return Response(
            status: .ok,
            headers: [.contentType: "image/jpeg", .cacheControl: "public, max-age=31536000, immutable"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A page, revalidated on each visit: the binary may have been upgraded since.
    static func page(_ file: WebSite.File, for request: Request) -> Response {
        Response.revalidated(
            request, body: ByteBuffer(bytes: file.bytes), contentType: file.contentType,
            cacheControl: "no-cache")
    }

    /// The body of a JSON POST, at most 8 KB.
    static func jsonBody(_ request: Request) async throws -> JSONValue {
        guard let type = request.headers[.contentType]?.lowercased(),
            type == "application/json" || type.hasPrefix("application/json;")
        else { throw WebRequestError.notJSON }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: WebGate.maximumBody)
        } catch {
            throw WebRequestError.tooLarge
        }
        do {
            return try JSONValue(parsing: Array(buffer.readableBytesView))
        } catch {
            throw WebRequestError.badCommand("the body is not JSON: \(error)")
        }
    }
}
