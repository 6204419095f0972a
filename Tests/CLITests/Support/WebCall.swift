import Foundation
import TestSupport

/// One HTTP request to a running web remote with a bearer token, as a script or a kitchen
/// button sends it: the status code and the body.
enum WebCall {
    static func send(
        _ method: String, _ path: String, body: String? = nil, port: Int, token: String
    ) throws -> (status: Int, body: String) {
        let socket = try LoopbackSocket.connect(port: port)
        defer { close(socket) }
        let content =
            body.map { "Content-Type: application/json\r\nContent-Length: \($0.utf8.count)\r\n" } ?? ""
        let request = Array(
            ("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
                + content + "Connection: close\r\n\r\n" + (body ?? "")).utf8)
        _ = write(socket, request, request.count)
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(socket, &chunk, chunk.count), count > 0 { answer += chunk[..<count] }
        let text = String(decoding: answer, as: UTF8.self)
        let status = Int(text.split(separator: " ", maxSplits: 2).dropFirst().first ?? "") ?? 0
        let payload = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (status, payload)
    }

    /// A token for this CLI's user, made with `cdwally web token`.
    static func token(_ cli: CLI, name: String = "test") async throws -> String {
        let made = try await cli.run(["web", "token", name])
        guard made.status == 0 else { throw CLIFailure(result: made) }
        return made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
