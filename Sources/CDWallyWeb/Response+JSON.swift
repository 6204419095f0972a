import CDWallyCore
import Hummingbird

extension Response {
    static let jsonType = "application/json; charset=utf-8"

    /// A JSON body, compact, UTF-8.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: jsonType],
            body: .init(byteBuffer: ByteBuffer(bytes: value.utf8(pretty: false))))
    }
}
