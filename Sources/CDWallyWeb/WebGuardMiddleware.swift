import HTTPTypes
import Hummingbird

/// Runs `WebGate`'s checks before every route and turns refusals into JSON errors, and gives
/// every response the headers that keep pages from being framed or sniffed. No CORS header is
/// ever sent: other sites' pages must not read or drive this one.
struct WebGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let gate: WebGate

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response: Response
        do throws(any Error) {
            try gate.checkHost(request.head)
            let api = request.uri.path.hasPrefix("/api/") || request.uri.path.hasPrefix("/covers/")
            let pairing = request.uri.path == "/api/v1/pair"
            let changes = request.method != .get && request.method != .head
            // The pages need no credential, so a browser whose session was revoked can load
            // them and pair again.
            let credential = api || changes ? try gate.credential(request.head) : nil
            if changes {
                try gate.checkOrigin(request.head, credential: credential)
                if let length = request.headers[.contentLength].flatMap(Int.init),
                    length > WebGate.maximumBody
                {
                    throw WebRequestError.tooLarge
                }
            }
            if api && !pairing && credential == nil { throw WebRequestError.notPaired }
            response = try await next(request, context)
        } catch let error as WebRequestError {
            response = WebGuardMiddleware.response(for: error)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            response = WebGuardMiddleware.response(for: .tooLarge)
        }
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicyName] = "no-referrer"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    static func response(for error: WebRequestError) -> Response {
        var response = Response.json(WebJSON.error(error), status: error.status)
        if case .methodNotAllowed(let allow) = error { response.headers[.allow] = allow }
        return response
    }
}

extension HTTPField.Name {
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let referrerPolicyName = HTTPField.Name("Referrer-Policy")!
}
