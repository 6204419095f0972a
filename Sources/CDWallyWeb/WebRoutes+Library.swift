import CDWallyCore
import CDWallyVocabulary
import Foundation
import Hummingbird

/// The Library (docs/PRODUCT.md §10): every album of the index a page at a time, and the
/// one POST that writes a file, `/api/v1/wallet`. Both stand behind the same gate as every
/// other route: a paired browser or a token, Host, Origin, the body's size and type.
extension WebRoutes {
    /// Albums per page when the page does not say; at most `maximumPage`.
    static let defaultPage = 60
    static let maximumPage = 200

    func addLibraryRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/v1/albums") { request, _ in try await albums(request) }
        router.post("/api/v1/wallet") { request, _ in try await changeWallet(request) }
        router.get("/api/v1/wallet/change") { _, _ -> Response in
            throw WebRequestError.methodNotAllowed(allow: "POST /api/v1/wallet")
        }
    }

    private var library: WebLibrary {
        get throws {
            guard let library = configuration.library else {
                throw WebRequestError.unavailable("this player offers no library")
            }
            return library
        }
    }

    private func albums(_ request: Request) async throws -> Response {
        let library = try library
        let query = request.uri.queryParameters
        let words = String(query.get("q") ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        guard let offset = query.get("offset").map({ Int(String($0)) }) ?? 0, offset >= 0 else {
            throw WebRequestError.badCommand("offset is a whole number from 0")
        }
        guard let limit = query.get("limit").map({ Int(String($0)) }) ?? WebRoutes.defaultPage,
            (1...WebRoutes.maximumPage).contains(limit)
        else {
            throw WebRequestError.badCommand("limit is a whole number from 1 to \(WebRoutes.maximumPage)")
        }
        let (total, rows) = try await library.albums(words, offset, limit)
        // Covers for these rows only, newest request first: rows scrolled away are dropped.
        feed.covers.prepareLibrary(rows.map(\.album.standIn))
        let albums = rows.map { row -> JSONValue in
            guard
                case .object(let members) = AlbumJSON.libraryAlbum(
                    row.album, inWallet: row.inWallet, mergesInto: row.mergesInto, hidden: row.hidden,
                    resume: nil)
            else { return .null }
            return .object(members + [("covers", WebJSON.coverURLs(row.album.standIn, feed.covers))])
        }
        return Response.json(
            .object([
                ("total", .int(total)), ("offset", .int(offset)), ("limit", .int(limit)),
                ("albums", .array(albums)),
            ]))
    }

    /// `{"add": ID}`, `{"remove": ID}`, `{"play": ID}` or `{"card": ID}` (the last card read
    /// given to that album; a browser paired from the box only): the CDs playlist changed, then
    /// the new wallet as the player holds it, and what undoes the change.
    private func changeWallet(_ request: Request) async throws -> Response {
        let library = try library
        let body = try await WebRoutes.jsonBody(request)
        guard case .object(let members) = body, members.count == 1, let (action, value) = members.first,
            ["add", "remove", "play", "card"].contains(action)
        else {
            throw WebRequestError.badCommand(
                "send {\"add\": ID}, {\"remove\": ID}, {\"play\": ID} or {\"card\": ID}, with an id from /api/v1/albums"
            )
        }
        // Which card plays which album is the box's to say, as the limits are: not a guest's.
        if action == "card" { _ = try gate.boxCaller(request.head, to: "assign a card") }
        guard let text = value.stringValue, text.utf8.count == 16,
            text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { throw WebRequestError.badCommand("an album id is 16 hex digits, as /api/v1/albums gives it") }
        let id = AlbumID(rawValue: text)
        let change: WebLibrary.Change
        do {
            switch action {
            case "add": change = try await library.add(id)
            case "remove": change = try await library.remove(id)
            case "card":
                guard let assign = library.assignLastCard else {
                    throw WebRequestError.unavailable("this player reads no cards")
                }
                change = try await assign(id)
            default: change = try await library.play(id)
            }
        } catch let refusal as WebLibrary.Refusal {
            throw WebRequestError.library(refusal.message, kind: refusal.kind)
        }
        let wallet = WebJSON.wallet(
            view.snapshot.wallet, view: view, covers: feed.covers)
        return Response.json(
            .object([
                (
                    "change",
                    .object([
                        ("album", .string(change.album.rawValue)), ("disc", .int(change.disc)),
                        ("changed", .bool(change.changed)), ("message", .string(change.message)),
                        ("undo", change.undo.map { .object([($0, .string(id.rawValue))]) } ?? .null),
                    ])
                ),
                ("wallet", wallet),
            ]))
    }
}
