import CDWallyCore
import CDWallyVocabulary
import Testing

@testable import CDWallyControl

/// The request side of the protocol as pure values: what each request looks like on the
/// wire, that it reads back, what it asks of the player, and which lines are refused how.
@Suite struct ControlRequestWireTests {
    static let every: [ControlRequest] = [
        .command(.pause), .command(.resume), .command(.toggle), .command(.next), .command(.previous),
        .command(.stop), .command(.seek(.relative(-10))), .command(.seek(.absolute(83.25))),
        .command(.play(disc: 3, fromStart: false)), .command(.nextDisc), .command(.previousDisc),
        .command(.randomDisc), .command(.play(disc: 2, fromStart: true)),
        .command(.play(disc: nil, fromStart: false)), .command(.track(4)), .status, .quit,
        .album(AlbumID(rawValue: "9f3c1a7e2b4d6f80"), fromStart: true),
        // A level below 0 is a level (refused by the player), not a step down.
        .command(.volume(.set(40))), .command(.volume(.set(-3))), .command(.volume(.by(-5))),
        .command(.volume(.mute)), .command(.sleep(.endOfDisc)), .command(.sleep(.off)),
    ]

    @Test(arguments: every) func everyRequestReadsBackAsItself(_ request: ControlRequest) throws {
        let line = ControlProtocol.line(request.json)
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(line.dropLast().contains(UInt8(ascii: "\n")) == false)
        #expect(try ControlRequest(line: Array(line.dropLast())) == request)
    }

    @Test func requestsAreWrittenAsDocumented() {
        let written = [
            ControlRequest.command(.seek(.relative(-10))), .command(.toggle),
            .command(.play(disc: 3, fromStart: false)), .command(.randomDisc),
            .command(.play(disc: 2, fromStart: true)), .command(.play(disc: nil, fromStart: false)),
            .command(.track(4)),
        ].map { $0.json.serialized(pretty: false) }
        #expect(
            written == [
                #"{"version":1,"command":"seek","seconds":-10,"relative":true}"#,
                #"{"version":1,"command":"toggle"}"#,
                #"{"version":1,"command":"disc","disc":3}"#,
                #"{"version":1,"command":"disc","disc":"random"}"#,
                #"{"version":1,"command":"play","disc":2,"fromStart":true}"#,
                #"{"version":1,"command":"play","disc":null,"fromStart":false}"#,
                #"{"version":1,"command":"track","track":4}"#,
            ])
    }

    @Test func oldVerbsReadAsPlayerCommands() throws {
        #expect(
            try read(#"{"version":1,"command":"disc","disc":4}"#)
                == .command(.play(disc: 4, fromStart: false)))
        #expect(try read(#"{"version":1,"command":"disc","disc":"next"}"#) == .command(.nextDisc))
        #expect(try read(#"{"version":1,"command":"disc","disc":"previous"}"#) == .command(.previousDisc))
        #expect(
            try read(#"{"version":1,"command":"seek","seconds":42,"relative":false}"#)
                == .command(.seek(.absolute(42))))
    }

    @Test func unknownFieldsAndDefaultsAreAccepted() throws {
        #expect(
            try read(#"{"command":"pause","version":1,"from":"a newer client","id":7}"#) == .command(.pause))
        #expect(
            try read(#"{"version":1,"command":"seek","seconds":30}"#) == .command(.seek(.absolute(30))))
        #expect(try read(#"{"version":1,"command":"play"}"#) == .command(.play(disc: nil, fromStart: false)))
        #expect(
            try read(#"{"version":1,"command":"play","disc":3.0}"#)
                == .command(.play(disc: 3, fromStart: false)))
        #expect(try read(" {\"version\":1,\"command\":\"status\"}\r") == .status)
    }

    @Test(arguments: [
        ("not json", "bad-request"),
        ("[1,2]", "bad-request"),
        (#""status""#, "bad-request"),
        (#"{"command":"status"}"#, "bad-request"),
        (#"{"version":"1","command":"status"}"#, "bad-request"),
        (#"{"version":0,"command":"status"}"#, "bad-request"),
        (#"{"version":1}"#, "bad-request"),
        (#"{"version":1,"command":7}"#, "bad-request"),
        (#"{"version":1,"command":"seek"}"#, "bad-request"),
        (#"{"version":1,"command":"seek","seconds":"ten"}"#, "bad-request"),
        (#"{"version":1,"command":"seek","seconds":6.7e37}"#, "bad-request"),
        (#"{"version":1,"command":"seek","seconds":-10000000.5,"relative":true}"#, "bad-request"),
        (#"{"version":1,"command":"seek","seconds":5,"relative":"yes"}"#, "bad-request"),
        (#"{"version":1,"command":"disc"}"#, "bad-request"),
        (#"{"version":1,"command":"disc","disc":"last"}"#, "bad-request"),
        (#"{"version":1,"command":"disc","disc":2.5}"#, "bad-request"),
        (#"{"version":1,"command":"play","disc":"2"}"#, "bad-request"),
        (#"{"version":1,"command":"play","fromStart":1}"#, "bad-request"),
        (#"{"version":1,"command":"track"}"#, "bad-request"),
        (#"{"version":1,"command":"track","track":"4"}"#, "bad-request"),
        (#"{"version":1,"command":"eject"}"#, "unknown-command"),
        (#"{"version":1,"command":"ej\nect\u001b[2J"}"#, "unknown-command"),
        (#"{"version":1,"command":"sleep","for":"1e308"}"#, "bad-request"),
        (#"{"version":2,"command":"status"}"#, "unsupported-version"),
        (#"{"version":2,"command":"eject"}"#, "unsupported-version"),
    ])
    func malformedRequestsAreRefusedWithACode(line: String, code: String) {
        #expect {
            _ = try read(line)
        } throws: { error in
            guard let failure = error as? ControlFailure else { return false }
            return failure.code.rawValue == code && !failure.message.isEmpty
                && !failure.message.contains("\n")
        }
    }

    @Test func invalidUTF8IsABadRequestNotACrash() {
        let line: [UInt8] =
            Array(#"{"version":1,"command":"st"#.utf8) + [0xFF, 0xFE] + Array(#"atus"}"#.utf8)
        #expect(throws: ControlFailure.self) { _ = try ControlRequest(line: line) }
    }

    @Test func playerErrorsBecomeStableCodes() {
        #expect(ControlFailure(PlayerError.discOutOfRange(requested: 9, walletSize: 4)).code == .outOfRange)
        #expect(
            ControlFailure(PlayerError.discOutOfRange(requested: 9, walletSize: 4)).message
                == "there is no disc 9: the wallet holds 4 discs (1–4)")
        #expect(
            ControlFailure(PlayerError.audioOutputFailed(device: "alsa/x", message: "no")).code
                == .audioOutput)
        #expect(ControlFailure(PlayerError.shutDown).code == .shutDown)
        #expect(
            ControlFailure(PlayerError.trackOutOfRange(requested: 5, trackCount: 2, album: "A")).code
                == .outOfRange)
        #expect(ControlFailure(PlayerError.nothingPlayable(album: "A")).code == .failed)
    }

    private func read(_ line: String) throws -> ControlRequest {
        try ControlRequest(line: Array(line.utf8))
    }
}
