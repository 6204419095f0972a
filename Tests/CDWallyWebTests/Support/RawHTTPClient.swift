import Foundation
import Glibc
import TestSupport

/// A plain TCP connection speaking just enough HTTP/1.1 and WebSocket (RFC 6455) for the live
/// tests: a request with a body and its response, or an upgrade and then text frames as the
/// server sends them. Written here so the test talks to the real socket with nothing between.
final class RawHTTPClient: @unchecked Sendable {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    private let socket: Int32
    private var buffer: [UInt8] = []

    init(port: Int, from source: String? = nil) throws {
        socket = try LoopbackSocket.connect(port: port, from: source)
    }

    deinit { close(socket) }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Sends one request and reads the response to its end (`Connection: close`).
    static func request(
        port: Int, method: String, path: String, host: String? = nil, headers: [String: String] = [:],
        body: String = "", from source: String? = nil
    ) throws -> Response {
        let client = try RawHTTPClient(port: port, from: source)
        var head =
            "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.utf8.count)\r\n\r\n"
        try client.send(Array((head + body).utf8))
        let response = try client.readHead()
        var rest = client.buffer
        while let more = try? client.receive(), !more.isEmpty { rest += more }
        return Response(
            status: response.status, headers: response.headers, body: String(decoding: rest, as: UTF8.self))
    }

    /// Opens the WebSocket at `path`; throws unless the server switches protocols.
    static func webSocket(port: Int, path: String, headers: [String: String]) throws -> RawHTTPClient {
        let (client, response) = try upgrade(port: port, path: path, headers: headers)
        guard response.status == 101 else { throw Failure("upgrade refused: \(response.status)") }
        return client
    }

    /// Asks for a WebSocket at `path` and returns the answer: 101 and the open client, or a
    /// refusal with its body (read as far as it came within a second).
    static func upgrade(port: Int, path: String, headers: [String: String], from source: String? = nil) throws
        -> (RawHTTPClient, Response)
    {
        let client = try RawHTTPClient(port: port, from: source)
        var head =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        head += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try client.send(Array((head + "\r\n").utf8))
        let response = try client.readHead()
        var body = ""
        if response.status != 101 {
            let length = Int(response.headers["content-length"] ?? "") ?? 0
            try? client.fill(length)
            body = String(decoding: client.buffer.prefix(length), as: UTF8.self)
        }
        return (client, Response(status: response.status, headers: response.headers, body: body))
    }

    /// The next text frame's payload (server frames are not masked; pings are skipped).
    func nextText() throws -> String {
        while true {
            try fill(2)
            let opcode = buffer[0] & 0x0f
            var length = Int(buffer[1] & 0x7f)
            var offset = 2
            if length == 126 {
                try fill(4)
                length = Int(buffer[2]) << 8 | Int(buffer[3])
                offset = 4
            } else if length == 127 {
                try fill(10)
                length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }
                offset = 10
            }
            try fill(offset + length)
            let payload = Array(buffer[offset..<(offset + length)])
            buffer.removeFirst(offset + length)
            if opcode == 1 { return String(decoding: payload, as: UTF8.self) }
            if opcode == 8 { throw Failure("the server closed the WebSocket") }
        }
    }

    private func readHead() throws -> (status: Int, headers: [String: String]) {
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let end = (0..<max(0, buffer.count - 3)).first(where: {
                Array(buffer[$0..<($0 + 4)]) == separator
            }) {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                let lines = head.components(separatedBy: "\r\n")
                let status = Int(lines[0].split(separator: " ")[1]) ?? 0
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2 {
                        headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
                    }
                }
                return (status, headers)
            }
            let more = try receive()
            if more.isEmpty { throw Failure("connection closed before a response") }
            buffer += more
        }
    }

    private func fill(_ count: Int) throws {
        while buffer.count < count {
            let more = try receive()
            if more.isEmpty { throw Failure("connection closed") }
            buffer += more
        }
    }

    private func send(_ bytes: [UInt8]) throws {
        guard write(socket, bytes, bytes.count) == bytes.count else { throw Failure("write: \(errno)") }
    }

    private func receive() throws -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let count = read(socket, &chunk, chunk.count)
        guard count >= 0 else { throw Failure("read: \(errno)") }
        return Array(chunk[0..<count])
    }
}

/// Runs blocking socket work on a thread of its own, never on the cooperative pool that the
/// server's handlers and the player need.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
