import Foundation

/// Where the web remote listens: `PORT` (127.0.0.1 only) or `ADDR:PORT`, `[v6]:PORT` for IPv6
/// (docs/PRODUCT.md §6: the LAN only with an explicit address).
public struct WebListenAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    public init(parsing text: String) throws(WebError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var host = "127.0.0.1"
        var portText = trimmed
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]"),
                trimmed[trimmed.index(after: close)...].hasPrefix(":")
            else {
                throw WebError.invalidListenAddress(text, reason: "an IPv6 address is written [ADDR]:PORT")
            }
            host = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
            portText = String(trimmed[trimmed.index(close, offsetBy: 2)...])
        } else if let colon = trimmed.lastIndex(of: ":") {
            host = String(trimmed[..<colon])
            portText = String(trimmed[trimmed.index(after: colon)...])
            guard !host.isEmpty, !host.contains(":") else {
                throw WebError.invalidListenAddress(text, reason: "an IPv6 address is written [ADDR]:PORT")
            }
        }
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw WebError.invalidListenAddress(text, reason: "the port must be a number from 1 to 65535")
        }
        self.init(host: host, port: port)
    }

    /// Whether only this machine can reach the server.
    public var isLoopback: Bool { host == "127.0.0.1" || host == "::1" || host == "localhost" }

    /// The host as it appears in a URL.
    public var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    public var description: String { "http://\(urlHost):\(port)/" }
}
