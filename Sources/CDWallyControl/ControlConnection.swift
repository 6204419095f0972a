import CDWallyCore
import CDWallySystem
import Glibc
import Logging

/// One client's connection to the control server, served on a thread of its own so a
/// slow or silent client never holds up the player or other clients.
///
/// It answers each request line in order. A client that sends no complete line within
/// `requestTimeout` (counted from the connection or the last answer) is hung up on; so is
/// one that does not take its answer within that time. When the server stops, a request
/// already in the handler still gets its answer; an idle connection is closed at once.
///
/// Created on the accept thread, then owned by its own thread: `run()` is its only entry
/// point once that starts (hence `@unchecked Sendable`, for the hand-over alone).
final class ControlConnection: @unchecked Sendable {
    let socket: UnixSocket
    let stop: WakePipe
    private let requestTimeout: Duration
    private let handler: ControlServer.Handler
    private let follower: ControlServer.Follower?
    private let printer: ControlServer.Printer?
    let logger: Logger
    private var lines = LineBuffer(limit: ControlProtocol.maximumLineLength)
    /// Where the handler's reply leaves the answer, and the pipe it wakes this thread with.
    private let answered = LockedValue<ControlResponse?>(nil)
    let answerReady: WakePipe

    init(
        socket: UnixSocket, stop: WakePipe, answerReady: WakePipe, requestTimeout: Duration,
        handler: @escaping ControlServer.Handler, follower: ControlServer.Follower?,
        printer: ControlServer.Printer?, logger: Logger
    ) {
        self.follower = follower
        self.printer = printer
        self.socket = socket
        self.answerReady = answerReady
        self.stop = stop
        self.requestTimeout = requestTimeout
        self.handler = handler
        self.logger = logger
    }

    /// Serves requests until the client hangs up, goes quiet or the server stops; then
    /// closes the socket.
    func run() {
        defer { socket.close() }
        var deadline = ContinuousClock.now + requestTimeout
        while true {
            switch socket.wait(for: POLLIN, until: deadline, stop: stop) {
            case .stopped: return
            case .timedOut:
                logger.debug("control: closing a connection that sent no request for \(requestTimeout)")
                return
            case .ready: break
            }
            switch socket.receive() {
            case .nothing: continue
            case .end:
                // A client may send its last request without a newline and shut down its side.
                if let last = lines.finish() { _ = answer(last) }
                return
            case .bytes(let bytes):
                for item in lines.append(bytes) {
                    guard answer(item) else { return }
                    deadline = ContinuousClock.now + requestTimeout
                    if stop.isSignalled { return }
                }
            }
        }
    }

    /// Answers one line; false when the answer could not be delivered, or the line was a
    /// `follow` (which holds the connection until its end).
    private func answer(_ item: LineBuffer.Item) -> Bool {
        let response: JSONValue
        switch item {
        case .tooLong:
            response =
                ControlResponse.failure(
                    ControlFailure(
                        code: .badRequest,
                        message:
                            "bad request: the line is longer than \(ControlProtocol.maximumLineLength) bytes"
                    )
                ).json
        case .line(let bytes):
            if ControlProtocol.isBlank(bytes) { return true }
            do {
                let request = try ControlRequest(line: bytes)
                if request == .follow, let follower {
                    follow(follower)
                    return false
                }
                if case .commandLine(let words) = request {
                    response = printed(words)
                } else {
                    response = (request == .follow ? Self.noFollow : call(request)).json
                }
            } catch {
                response = ControlResponse.failure(error).json
            }
        }
        // No stop signal here: an answer already worked out is still delivered.
        let delivered = socket.sendAll(
            ControlProtocol.line(response), until: ContinuousClock.now + requestTimeout, stop: nil)
        if !delivered { logger.debug("control: a client did not take its answer; closing its connection") }
        return delivered
    }

    /// A server without a follower answers as a player older than `follow` does.
    private static let noFollow = ControlResponse.failure(
        ControlFailure(code: .unknownCommand, message: "this player offers no \"follow\""))

    /// The answer to a `command-line` request: the request its words make, carried out as any
    /// other, and what the CLI prints for its answer.
    private func printed(_ words: [String]) -> JSONValue {
        guard let (request, print) = printer?(words) else {
            return ControlResponse.failure(
                ControlFailure(code: .unknownCommand, message: "this player does not take that command line")
            ).json
        }
        return print(call(request)).json
    }

    /// Hands the request to the handler and polls until its answer arrives (the player's reply
    /// leaves it in `answered` and wakes `answerReady`). Waiting is fine here: this is the
    /// connection's own poll thread, not one of the concurrency pool's. Not the stop signal:
    /// a request already in the handler still gets its answer.
    private func call(_ request: ControlRequest) -> ControlResponse {
        let (answered, ready) = (self.answered, self.answerReady)
        handler(request) { response in
            answered.set(response)
            ready.signal()
        }
        var descriptors = [pollfd(fd: ready.readEnd, events: Int16(POLLIN), revents: 0)]
        while true {
            if let response = answered.withLock({ value -> ControlResponse? in
                defer { value = nil }
                return value
            }) {
                ready.drain()
                return response
            }
            _ = PollThread.wait(&descriptors, until: nil, stop: nil)
        }
    }
}
