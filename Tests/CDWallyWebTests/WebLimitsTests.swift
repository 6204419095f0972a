import CDWallyCore
import Foundation
import Glibc
import TestSupport
import Testing

@testable import CDWallyWeb

/// The web remote on a shared network: no client can lock the others out. The real server on
/// a loopback port, real sockets, a real player behind it.
@Suite(.serialized) struct WebLimitsTests {
    /// A request head that never ends: a slowloris sends the rest a byte now and then.
    private static func slowClient(port: Int, from source: String? = nil) throws -> Int32 {
        let socket = try LoopbackSocket.connect(port: port, from: source)
        let head = Array("GET /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n".utf8)
        _ = write(socket, head, head.count)
        return socket
    }

    /// Whether the server has closed `socket` (a read sees the end or a reset).
    private static func isClosed(_ socket: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_DONTWAIT)) <= 0
    }

    private func withServer(
        _ limits: ConnectionLimits = ConnectionLimits(), _ body: (WebFixture) async throws -> Void
    ) async throws {
        let fixture = try WebFixture(limits: limits)
        do {
            try await fixture.server.start()
            try await body(fixture)
        } catch {
            await fixture.remove()
            throw error
        }
        await fixture.remove()
    }

    /// The case: 140 slow connections and a client holding (trying to hold) 100
    /// WebSockets; the household's phone, from an address of its own with a token of its own,
    /// gets a request and a fresh WebSocket answered within a second each.
    @Test func slowClientsAndAWebSocketHoarderCannotKeepAPairedPhoneOut() async throws {
        var limits = ConnectionLimits()
        limits.headerDeadline = .seconds(3)
        try await withServer(limits) { fixture in
            let port = fixture.port
            let slow = try (1...140).map { _ in try Self.slowClient(port: port) }
            defer { for socket in slow { close(socket) } }
            let hoarder = try fixture.access.newToken(name: "tv")
            var held: [RawHTTPClient] = []
            var refused = 0
            for _ in 1...100 {
                let (client, answer) = try await offPool {
                    try RawHTTPClient.upgrade(
                        port: port, path: "/api/v1/events", headers: ["Authorization": "Bearer \(hoarder)"])
                }
                if answer.status == 101 { held.append(client) } else { refused += 1 }
            }
            #expect(held.count == limits.webSocketsPerCredential && refused == 100 - held.count)

            let phone = try fixture.access.newToken(name: "phone")
            let asked = ContinuousClock.now
            let response = try await offPool {
                try RawHTTPClient.request(
                    port: port, method: "GET", path: "/api/v1/state",
                    headers: ["Authorization": "Bearer \(phone)"],
                    from: "127.0.0.2")
            }
            #expect(response.status == 200, "\(response.body)")
            #expect(ContinuousClock.now - asked < .seconds(1))
            let socketAsked = ContinuousClock.now
            let (live, answer) = try await offPool {
                try RawHTTPClient.upgrade(
                    port: port, path: "/api/v1/events", headers: ["Authorization": "Bearer \(phone)"],
                    from: "127.0.0.2")
            }
            #expect(answer.status == 101)
            #expect(try await offPool { try live.nextText() }.contains("\"state\""))
            #expect(ContinuousClock.now - socketAsked < .seconds(1))
            // One client holds at most 8 connections that showed nothing: the rest were closed
            // at once, oldest first; and the last ones at their deadline.
            #expect(await eventually(timeout: .seconds(2)) { slow.filter(Self.isClosed).count >= 140 - 8 })
            #expect(await eventually(timeout: .seconds(6)) { slow.allSatisfy(Self.isClosed) })
            withExtendedLifetime(held) {}
        }
    }

    /// Every cap full at once: eight tokens fill the 64 WebSockets, slow connections from eight
    /// addresses the 64 without a credential. The server must still take a new
    /// connection in (its limit on open connections lies above the caps' sum), so the phone is
    /// answered within a second and the next WebSocket is refused at once.
    @Test func withEveryCapFullAPairedPhoneIsStillAnsweredAtOnce() async throws {
        let limits = ConnectionLimits()
        try await withServer(limits) { fixture in
            let port = fixture.port
            var held: [RawHTTPClient] = []
            for name in (1...8).map({ "screen\($0)" }) {
                let token = try fixture.access.newToken(name: name)
                for _ in 0..<limits.webSocketsPerCredential {
                    let (client, answer) = try await offPool {
                        try RawHTTPClient.upgrade(
                            port: port, path: "/api/v1/events", headers: ["Authorization": "Bearer \(token)"])
                    }
                    #expect(answer.status == 101)
                    held.append(client)
                }
            }
            // After the WebSockets: each of them counted as a connection without a credential
            // until its request head came, and would have pushed the oldest slow one out.
            let slow = try (10..<18).flatMap { address in
                try (0..<limits.unauthenticatedPerClient).map { _ in
                    try Self.slowClient(port: port, from: "127.0.0.\(address)")
                }
            }
            defer { for socket in slow { close(socket) } }
            #expect(slow.count == limits.unauthenticatedTotal && held.count == limits.webSocketsTotal)
            #expect(!slow.contains(where: Self.isClosed))

            let phone = try fixture.access.newToken(name: "phone")
            let asked = ContinuousClock.now
            let response = try await offPool {
                try RawHTTPClient.request(
                    port: port, method: "GET", path: "/api/v1/state",
                    headers: ["Authorization": "Bearer \(phone)"], from: "127.0.0.2")
            }
            #expect(response.status == 200, "\(response.body)")
            #expect(ContinuousClock.now - asked < .seconds(1))
            let refusedAt = ContinuousClock.now
            let refused = try await offPool {
                try RawHTTPClient.upgrade(
                    port: port, path: "/api/v1/events", headers: ["Authorization": "Bearer \(phone)"],
                    from: "127.0.0.2")
            }.1
            #expect(refused.status == 503, "\(refused.body)")
            #expect(ContinuousClock.now - refusedAt < .seconds(1))
            withExtendedLifetime(held) {}
        }
    }

    @Test func webSocketsAreCappedPerCredentialAndInAllWithAJSONRefusal() async throws {
        var limits = ConnectionLimits()
        limits.webSocketsPerCredential = 2
        limits.webSocketsTotal = 3
        try await withServer(limits) { fixture in
            let port = fixture.port
            let first = try fixture.access.newToken(name: "kitchen")
            let second = try fixture.access.newToken(name: "hall")
            func ask(_ token: String?) async throws -> (RawHTTPClient, RawHTTPClient.Response) {
                try await offPool {
                    try RawHTTPClient.upgrade(
                        port: port, path: "/api/v1/events",
                        headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:])
                }
            }
            let unpaired = try await ask(nil).1
            #expect(unpaired.status == 401)
            #expect(unpaired.body.contains("\"not-paired\""), "\(unpaired.body)")

            var open: [RawHTTPClient] = []
            for _ in 1...2 {
                let (client, answer) = try await ask(first)
                #expect(answer.status == 101)
                open.append(client)
            }
            let third = try await ask(first).1
            #expect(third.status == 429)
            #expect(third.body.contains("\"too-many-websockets\""), "\(third.body)")

            let (client, answer) = try await ask(second)
            #expect(answer.status == 101)
            open.append(client)
            let full = try await ask(second).1
            #expect(full.status == 503, "\(full.body)")
            #expect(full.body.hasPrefix("{"), "\(full.body)")
            withExtendedLifetime(open) {}
        }
    }
}
