import Foundation
import Hummingbird

extension Response {
    /// A body a browser keeps and asks about again: an `ETag` (a hash of the body) and
    /// `cacheControl` (a `no-cache` kind, so it always asks), or a bodiless 304 when the
    /// request's `If-None-Match` names this version. A repeat visit then costs a few hundred
    /// bytes a file instead of the file.
    static func revalidated(
        _ request: Request, body: ByteBuffer, contentType: String, cacheControl: String
    ) -> Response {
        let etag = "\"" + Digest.hex(Array(body.readableBytesView)).prefix(24) + "\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: cacheControl]
        if Response.alreadyHeld(etag, by: request) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    /// Whether `If-None-Match` lists `etag`, weak or strong, or is `*`.
    private static func alreadyHeld(_ etag: String, by request: Request) -> Bool {
        request.headers[values: .ifNoneMatch].flatMap { $0.split(separator: ",") }.contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
