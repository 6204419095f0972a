import CDWallyCore
import Testing

@testable import CDWallyControl

/// The host's card requests on the wire (PROTOCOL.md: `card-read`, `next-card`): they read back
/// as themselves, and a number no reader types is a bad request, one line.
@Suite struct CardRequestWireTests {
    @Test func cardRequestsReadBackAsThemselves() throws {
        let requests: [ControlRequest] = [
            .cardRead(CardNumber("04a1")!), .nextCard(seconds: 60, pid: 4242),
            .nextCard(seconds: 5, pid: nil),
        ]
        for request in requests {
            let line = ControlProtocol.line(request.json)
            #expect(try ControlRequest(line: Array(line.dropLast())) == request)
        }
        #expect(
            String(
                decoding: ControlProtocol.line(ControlRequest.cardRead(CardNumber("04a1")!).json),
                as: UTF8.self)
                == #"{"version":1,"command":"card-read","card":"04A1"}"# + "\n")
        let plain = try ControlRequest(line: Array(#"{"version":1,"command":"next-card"}"#.utf8))
        #expect(plain == .nextCard(seconds: ControlRequest.nextCardSeconds, pid: nil))
    }

    @Test func aNumberNoReaderTypesIsABadRequest() {
        let lines = [
            #"{"version":1,"command":"card-read","card":"12G"}"#,
            #"{"version":1,"command":"card-read","card":""}"#,
            #"{"version":1,"command":"card-read","card":1234}"#,
            #"{"version":1,"command":"card-read","card":"\#(String(repeating: "7", count: 200))"}"#,
            #"{"version":1,"command":"next-card","seconds":0}"#,
        ]
        for line in lines {
            #expect(throws: ControlFailure.self, "\(line)") { try ControlRequest(line: Array(line.utf8)) }
            do {
                _ = try ControlRequest(line: Array(line.utf8))
            } catch {
                #expect(error.code == .badRequest && !error.message.contains("\n"), "\(line)")
            }
        }
    }
}
