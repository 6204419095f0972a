import CDWallyCore
import Hummingbird

extension Response {
    /// A JSON body, compact, UTF-8.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: value.serialized(pretty: false))))
    }
}
