import CDWallyCore
import Foundation
import Testing

@testable import CDWallyWeb

/// The real server on a loopback port with a real player: two pages' WebSockets both see a
/// command that one of them sent, as a new revision.
@Suite struct WebSocketLiveTests {
    @Test func aCommandFromOnePageReachesBothWithANewRevision() async throws {
        let fixture = try WebFixture()
        do {
            try await run(fixture)
        } catch {
            await fixture.remove()
            throw error
        }
        await fixture.remove()
    }

    private func run(_ fixture: WebFixture) async throws {
        try await fixture.server.start()
        let port = fixture.port
        let session = try fixture.session()
        let headers = ["Cookie": "\(WebGate.sessionCookie)=\(session)", "Origin": "http://127.0.0.1:\(port)"]
        let first = try await offPool {
            try RawHTTPClient.webSocket(port: port, path: "/api/v1/events", headers: headers)
        }
        let second = try await offPool {
            try RawHTTPClient.webSocket(port: port, path: "/api/v1/events", headers: headers)
        }
        let initial = try JSONValue(parsing: Array(try await offPool { try first.nextText() }.utf8))
        #expect(initial["type"]?.stringValue == "state")
        let revision = try unwrap(initial["body"]?["revision"]?.intValue)
        _ = try await offPool { try second.nextText() }

        let response = try await offPool {
            try RawHTTPClient.request(
                port: port, method: "POST", path: "/api/v1/commands",
                headers: headers.merging(["Content-Type": "application/json"]) { $1 },
                body: #"{"command":"disc","disc":2}"#)
        }
        #expect(response.status == 200, "\(response.body)")

        for client in [first, second] {
            var seen: JSONValue?
            for _ in 0..<20 {
                let message = try JSONValue(parsing: Array(try await offPool { try client.nextText() }.utf8))
                if message["type"]?.stringValue == "state",
                    message["body"]?["disc"]?["position"]?.intValue == 2
                {
                    seen = message
                    break
                }
            }
            let body = try unwrap(seen?["body"])
            #expect((body["revision"]?.intValue ?? 0) > revision)
        }

        // A page from a name that is not this box's (DNS rebinding) gets nothing.
        let rebound = try await offPool {
            try RawHTTPClient.request(port: port, method: "GET", path: "/", host: "evil.example:\(port)")
        }
        #expect(rebound.status == 421)

        // Without a session, or from another site, there is no upgrade.
        let origin = headers["Origin"]!
        await #expect(throws: RawHTTPClient.Failure.self) {
            try await offPool {
                try RawHTTPClient.webSocket(port: port, path: "/api/v1/events", headers: ["Origin": origin])
            }
        }
        let foreign = headers.merging(["Origin": "http://evil.example"]) { $1 }
        await #expect(throws: RawHTTPClient.Failure.self) {
            try await offPool {
                try RawHTTPClient.webSocket(port: port, path: "/api/v1/events", headers: foreign)
            }
        }
    }
}
