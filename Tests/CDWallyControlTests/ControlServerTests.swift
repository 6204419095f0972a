import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation
import Glibc
import TestSupport
import Testing

@testable import CDWallyControl

/// Requests and answers through a real server on a real Unix socket. Clients run on
/// threads of their own (`onOwnThread`), as they would in another process.
@Suite(.timeLimit(.minutes(2))) struct ControlServerTests {
    /// Answers each request with a status whose `trackCount` is the request's place in
    /// `ControlRequestWireTests.every`, so an answer can be matched to its request.
    @Sendable static func numbered(_ request: ControlRequest) -> ControlResponse {
        let number = ControlRequestWireTests.every.firstIndex(of: request) ?? -1
        return .ok(PlayerStatus(state: .playing, disc: nil, track: nil, elapsed: 0, trackCount: number))
    }

    static let every = ControlRequestWireTests.every

    @Test func everyRequestKindReachesTheHandlerAndItsAnswerComesBack() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let recorder = RecordingHandler(answer: Self.numbered)
        let server = try ControlServer.start(endpoint: endpoint, handler: recorder.handler)
        defer { server.stop() }

        // One connection per request, as the CLI does.
        let answers = try await onOwnThread {
            try Self.every.map { try ControlClient.send($0, endpoint: endpoint) }
        }
        #expect(answers == Self.every.map(Self.numbered))
        #expect(recorder.requests == Self.every)
    }

    @Test func oneConnectionCarriesManyRequestsAnsweredInOrder() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let server = try ControlServer.start(
            endpoint: endpoint, handler: RecordingHandler(answer: Self.numbered).handler)
        defer { server.stop() }

        let sequence = Self.every + Self.every.reversed()
        let (answers, first, second) = try await onOwnThread {
            let client = try ControlClient(endpoint: endpoint)
            let answers = try sequence.map { try client.send($0) }
            // Two requests in one write get two answers, in order.
            let both =
                ControlProtocol.line(ControlRequest.command(.toggle).json)
                + ControlProtocol.line(ControlRequest.quit.json)
            let first = try ControlResponse(line: client.exchange(both))
            let second = try ControlResponse(line: client.readLine(until: .now + .seconds(30)))
            return (answers, first, second)
        }
        #expect(answers == sequence.map(Self.numbered))
        #expect(first == Self.numbered(.command(.toggle)))
        #expect(second == Self.numbered(.quit))
    }

    @Test func errorAnswersAndFullStatusesComeBackUnchanged() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let playing = PlayerStatus(
            state: .playing,
            disc: PlayerStatus.Disc(
                position: nil, id: "0123456789abcdef", albumArtist: "Björk", album: "Post"),
            track: PlayerStatus.Track(
                index: 2, disc: 1, track: nil, title: "Hyper-ballad", artist: "Björk",
                path: "/m/\u{FFFD}.flac",
                duration: 321.5),
            elapsed: 12.25, trackCount: 11)
        let refusal = ControlFailure(
            code: .outOfRange, message: "there is no disc 9: the wallet holds 4 discs (1–4)")
        let recorder = RecordingHandler { request in
            request == .command(.play(disc: 9, fromStart: false)) ? .failure(refusal) : .ok(playing)
        }
        let server = try ControlServer.start(endpoint: endpoint, handler: recorder.handler)
        defer { server.stop() }

        let answers = try await onOwnThread {
            try [ControlRequest.command(.play(disc: 9, fromStart: false)), .status].map {
                try ControlClient.send($0, endpoint: endpoint)
            }
        }
        #expect(answers == [.failure(refusal), .ok(playing)])
    }

    @Test func badLinesGetErrorAnswersAndTheConnectionGoesOn() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let recorder = RecordingHandler()
        let server = try ControlServer.start(endpoint: endpoint, handler: recorder.handler)
        defer { server.stop() }

        let cases: [(line: [UInt8], code: String)] = [
            (Array("this is not json\n".utf8), "bad-request"),
            (Array("{\"version\":1,\"command\":\"eject\"}\n".utf8), "unknown-command"),
            (Array("{\"version\":2,\"command\":\"status\"}\n".utf8), "unsupported-version"),
            (Array("{\"version\":1,\"command\":\"seek\",\"seconds\":\"soon\"}\n".utf8), "bad-request"),
            (Array("[]\n".utf8), "bad-request"),
            ([0x7B, 0xFF, 0xFE, 0x7D, 0x0A], "bad-request"),
        ]
        let lines = cases.map(\.line)
        let exchanges = try await onOwnThread {
            let client = try ControlClient(endpoint: endpoint)
            return try lines.map { line in
                (try JSONValue(parsing: client.exchange(line)), try client.send(.status))
            }
        }
        for ((answer, next), expected) in zip(exchanges, cases) {
            #expect(answer["version"] == .int(1))
            #expect(answer["ok"] == .bool(false))
            #expect(answer["code"] == .string(expected.code), "\(expected.line)")
            #expect(answer["error"]?.stringValue?.isEmpty == false)
            #expect(next == .ok(RecordingHandler.status), "the connection is still served")
        }
        // Refused lines never reach the player.
        #expect(recorder.requests == Array(repeating: .status, count: cases.count))
    }

    @Test func anOverlongLineIsRefusedAndTheNextOneServed() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let server = try ControlServer.start(endpoint: endpoint, handler: RecordingHandler().handler)
        defer { server.stop() }

        // A valid request padded past the limit with whitespace, which JSON allows.
        let padded = "{\"version\":1,\"command\":\"status\"}" + String(repeating: " ", count: 70_000) + "\n"
        let (refusal, next) = try await onOwnThread {
            let client = try ControlClient(endpoint: endpoint)
            return (try ControlResponse(line: client.exchange(Array(padded.utf8))), try client.send(.status))
        }
        guard case .failure(let failure) = refusal else {
            Issue.record("an overlong line was answered with \(refusal)")
            return
        }
        #expect(failure.code == .badRequest)
        #expect(failure.message.contains("65536"))
        #expect(next == .ok(RecordingHandler.status))
    }

    @Test func blankLinesGetNoAnswerAndALastLineWithoutNewlineDoes() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let recorder = RecordingHandler(answer: Self.numbered)
        let server = try ControlServer.start(endpoint: endpoint, handler: recorder.handler)
        defer { server.stop() }

        let (afterBlank, unterminated) = try await onOwnThread {
            let client = try ControlClient(endpoint: endpoint)
            let afterBlank = try ControlResponse(
                line: client.exchange(
                    Array("\n  \r\n".utf8) + ControlProtocol.line(ControlRequest.command(.stop).json))
            )
            // `printf '{…}' | socat - UNIX-CONNECT:…` sends no newline and shuts its side down.
            let socket = try connectedSocket(endpoint)
            guard
                socket.sendAll(
                    Array(#"{"version":1,"command":"next"}"#.utf8), until: .now + .seconds(30), stop: nil),
                Glibc.shutdown(socket.descriptor, Int32(SHUT_WR)) == 0
            else { throw TestFailure("could not send and shut down") }
            return (afterBlank, try readAll(socket))
        }
        #expect(afterBlank == Self.numbered(.command(.stop)))
        #expect(unterminated.last == UInt8(ascii: "\n"))
        #expect(try ControlResponse(line: Array(unterminated.dropLast())) == Self.numbered(.command(.next)))
        #expect(recorder.requests == [.command(.stop), .command(.next)])
    }

    @Test func silentClientsAndSlowRequestsHoldUpNoOne() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let recorder = RecordingHandler(holding: .command(.pause))
        // A long timeout, so only serving clients side by side can answer the others in time.
        let server = try ControlServer.start(
            endpoint: endpoint, requestTimeout: .seconds(120), handler: recorder.handler)
        defer { server.stop() }

        let silent = Task { try await onOwnThread { try readAll(connectedSocket(endpoint)) } }
        let partial = Task {
            try await onOwnThread {
                let socket = try connectedSocket(endpoint)
                _ = socket.sendAll(Array(#"{"version":1,"comm"#.utf8), until: .now + .seconds(30), stop: nil)
                return try readAll(socket)
            }
        }
        let slow = Task {
            try await onOwnThread {
                try ControlClient.send(.command(.pause), endpoint: endpoint, timeout: .seconds(60))
            }
        }
        #expect(await eventually { recorder.waiting == 1 })

        let answers = try await onOwnThread {
            try (0..<5).map { _ in try ControlClient.send(.status, endpoint: endpoint, timeout: .seconds(30))
            }
        }
        #expect(answers == Array(repeating: .ok(RecordingHandler.status), count: 5))

        recorder.release()
        #expect(try await slow.value == .ok(RecordingHandler.status))
        // Stopping the server hangs up on the silent ones at once.
        server.stop()
        #expect(try await silent.value.isEmpty)
        #expect(try await partial.value.isEmpty)
    }

    @Test func aClientThatStaysSilentIsHungUpOn() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let server = try ControlServer.start(
            endpoint: endpoint, requestTimeout: .seconds(2), handler: RecordingHandler().handler)
        defer { server.stop() }

        let (silentGot, answers) = try await onOwnThread {
            let silentGot = try readAll(connectedSocket(endpoint))
            // An answered request restarts the clock, so a client that keeps talking stays.
            let client = try ControlClient(endpoint: endpoint)
            let answers = try (0..<4).map { _ in
                usleep(200_000)
                return try client.send(.status)
            }
            return (silentGot, answers)
        }
        #expect(silentGot.isEmpty)
        #expect(answers == Array(repeating: .ok(RecordingHandler.status), count: 4))
    }

    @Test func manyClientsAtOnceAllGetTheirOwnAnswers() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let recorder = RecordingHandler(answer: Self.numbered)
        let server = try ControlServer.start(endpoint: endpoint, handler: recorder.handler)
        defer { server.stop() }

        let mismatches = try await onOwnThread {
            let mismatches = LockedValue(0)
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                guard let client = try? ControlClient(endpoint: endpoint, timeout: .seconds(60)) else {
                    mismatches.withLock { $0 += 1 }
                    return
                }
                for round in 0..<20 {
                    let request = Self.every[(worker + round) % Self.every.count]
                    if (try? client.send(request)) != Self.numbered(request) {
                        mismatches.withLock { $0 += 1 }
                    }
                }
            }
            return mismatches.withLock { $0 }
        }
        #expect(mismatches == 0)
        #expect(recorder.requests.count == 160)
    }

    @Test func pastTheConnectionLimitAClientHearsBusy() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let server = try ControlServer.start(
            endpoint: endpoint, maximumConnections: 1, handler: RecordingHandler().handler)
        defer { server.stop() }

        let (first, second) = try await onOwnThread {
            let holder = try ControlClient(endpoint: endpoint)
            let first = try holder.send(.status)
            let second = try ControlClient.send(.status, endpoint: endpoint)
            withExtendedLifetime(holder) {}
            return (first, second)
        }
        #expect(first == .ok(RecordingHandler.status))
        guard case .failure(let failure) = second else {
            Issue.record("a connection past the limit was answered with \(second)")
            return
        }
        #expect(failure.code == .busy)
    }

    @Test func aHandlerThatDoesNotAnswerInTimeIsATimeout() async throws {
        let sandbox = try ControlSandbox()
        let endpoint = sandbox.endpoint
        let recorder = RecordingHandler(holding: .status)
        let server = try ControlServer.start(endpoint: endpoint, handler: recorder.handler)
        defer {
            recorder.release()
            server.stop()
        }
        let outcome = try await onOwnThread {
            Result { () throws(ControlError) in
                try ControlClient.send(.status, endpoint: endpoint, timeout: .milliseconds(300))
            }
        }
        #expect(throws: ControlError.timeout(socket: endpoint.socketPath, after: .milliseconds(300))) {
            try outcome.get()
        }
    }
}

/// A raw connection to the server at `endpoint`, for clients that misbehave.
func connectedSocket(_ endpoint: ControlEndpoint) throws -> UnixSocket {
    let socket = try UnixSocket.stream()
    try socket.connect(to: endpoint.socketPath, until: .now + .seconds(30), timeout: .seconds(30))
    return socket
}

/// Everything the peer sends until it closes the connection (30 s at most).
func readAll(_ socket: UnixSocket) throws -> [UInt8] {
    var received: [UInt8] = []
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
        guard socket.wait(for: POLLIN, until: deadline, stop: nil) == .ready else {
            throw TestFailure("the server kept the connection open for 30 s")
        }
        switch socket.receive() {
        case .bytes(let bytes): received += bytes
        case .nothing: continue
        case .end: return received
        }
    }
}
