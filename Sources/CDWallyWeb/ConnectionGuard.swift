import HTTPTypes
import NIOCore

/// One connection's watch, first in its pipeline, on the raw bytes before any HTTP parsing:
/// the request head's deadline, the connection's place in the ledger until a request shows
/// a valid credential, and the refusal of a WebSocket the server would not open.
///
/// It works on bytes because the server parses nothing of a connection, and installs none of
/// its own handlers, until a first request head is complete: a client that never completes
/// one (slowloris) is otherwise invisible. Until a credential shows, each head must be
/// complete within `headerDeadline` of the connection's start, and the next within
/// `keepAliveDeadline` of the last; past that the connection is closed. A request for the
/// live state that would not become a WebSocket (no credential, or a full cap) is answered
/// here in JSON (401, 429, 503), where the server would answer an empty 400.
///
/// Threads: the connection's event loop.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// A head longer than this is not read for credentials (the server refuses it anyway).
    static let headLimit = 16 * 1024

    private let ledger: ConnectionLedger
    private let credential: @Sendable (HTTPRequest) -> String?
    private var deadline: Scheduled<Void>?
    private var admitted = false
    private var trusted = false
    /// The bytes of the request head being read.
    private var head: [UInt8] = []

    init(ledger: ConnectionLedger, credential: @escaping @Sendable (HTTPRequest) -> String?) {
        self.ledger = ledger
        self.credential = credential
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !trusted else { return context.fireChannelRead(data) }
        let buffer = unwrapInboundIn(data)
        var refusal: WebRequestError?
        for byte in buffer.readableBytesView {
            if head.count < Self.headLimit { head.append(byte) }
            guard byte == 0x0a, head.count >= 4, head.suffix(4) == [0x0d, 0x0a, 0x0d, 0x0a] else { continue }
            refusal = headEnded(context) ?? refusal
            if trusted { break }
        }
        if let refusal { return refuse(refusal, context) }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        leave(context)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        leave(context)
    }

    /// A request head is complete: a valid credential trusts the connection for good; an
    /// upgrade to the live state that will not be granted gets its refusal.
    private func headEnded(_ context: ChannelHandlerContext) -> WebRequestError? {
        let request = Self.request(from: head)
        head.removeAll(keepingCapacity: true)
        let key = request.flatMap(credential)
        if let key {
            trusted = true
            leave(context)
            if let request, Self.isLiveStateUpgrade(request) {
                switch ledger.refusal(for: key) {
                case .perCredential?: return .tooManyWebSockets
                case .total?:
                    return .unavailable(
                        "the web remote holds all the live connections it takes; try again soon")
                case nil: return nil
                }
            }
            return nil
        }
        if let request, Self.isLiveStateUpgrade(request) { return .notPaired }
        arm(ledger.limits.keepAliveDeadline, context)
        return nil
    }

    private func refuse(_ error: WebRequestError, _ context: ChannelHandlerContext) {
        let body = WebJSON.error(error).utf8(pretty: false)
        var response = ByteBuffer(
            string:
                "HTTP/1.1 \(error.status.code) \(error.status.reasonPhrase)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n")
        response.writeBytes(body)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(response))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard !admitted else { return }
        admitted = true
        let client = context.channel.remoteAddress?.ipAddress ?? "unknown"
        for channel in ledger.admit(context.channel, client: client) { channel.close(promise: nil) }
        arm(ledger.limits.headerDeadline, context)
    }

    private func arm(_ limit: TimeAmount, _ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
    }

    private func leave(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        ledger.release(context.channel)
    }

    /// The method, path and the header fields that carry a credential, from a raw head; nil
    /// when it is not one.
    static func request(from bytes: [UInt8]) -> HTTPRequest? {
        let lines = String(decoding: bytes, as: UTF8.self).split(
            separator: "\r\n", omittingEmptySubsequences: true)
        let start = lines.first?.split(separator: " ") ?? []
        guard start.count == 3, let method = HTTPRequest.Method(String(start[0])) else { return nil }
        var fields = HTTPFields()
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2,
                let name = HTTPField.Name(String(parts[0]).trimmingCharacters(in: .whitespaces))
            else { continue }
            if name == .authorization || name == .cookie || name == .upgrade {
                fields.append(
                    HTTPField(name: name, value: String(parts[1]).trimmingCharacters(in: .whitespaces)))
            }
        }
        return HTTPRequest(
            method: method, scheme: nil, authority: nil, path: String(start[1]), headerFields: fields)
    }

    private static func isLiveStateUpgrade(_ request: HTTPRequest) -> Bool {
        request.headerFields[.upgrade] != nil && request.path?.split(separator: "?").first == "/api/v1/events"
    }
}
