import CDWallyCore
import CDWallyVocabulary
import Foundation
import Testing

@testable import CDWallyWeb

/// The body of `POST /api/v1/commands` as pure values: every verb the web offers reads as the
/// control socket writes it, less `version`, and what is not a verb there is not one here.
@Suite struct WebCommandBodyTests {
    static let offered: [PlayerCommand] = [
        .pause, .resume, .toggle, .next, .previous, .stop, .seek(.relative(-10)), .seek(.absolute(83.25)),
        .play(disc: 3, fromStart: false), .play(disc: 2, fromStart: true), .play(disc: nil, fromStart: false),
        .nextDisc, .previousDisc, .randomDisc, .track(4), .volume(.set(40)), .volume(.set(-3)),
        .volume(.by(-5)), .volume(.mute),
        .volume(.toggleMute), .sleep(.endOfDisc), .sleep(.off), .shuffle(true), .shuffle(false),
        .shuffle(nil),
    ]

    @Test(arguments: offered) func everyOfferedVerbReadsAsTheSocketWritesIt(_ command: PlayerCommand) throws {
        let wire = try #require(PlayerVerb.wire(command))
        let body = JSONValue.object([("command", .string(wire.name))] + wire.fields)
        #expect(try WebCommandBody.command(body) == command)
    }

    /// The web page's Shuffle button sends no field: a toggle.
    @Test func shuffleWithoutOnToggles() throws {
        let body = try JSONValue(parsing: Array(#"{"command":"shuffle"}"#.utf8))
        #expect(try WebCommandBody.command(body) == .shuffle(nil))
    }

    @Test func aLevelIsANumberOrItsText() throws {
        for change in [#"40"#, #""40""#] {
            let body = try JSONValue(parsing: Array(#"{"command":"volume","change":\#(change)}"#.utf8))
            #expect(try WebCommandBody.command(body) == .volume(.set(40)))
        }
    }

    @Test(arguments: [
        #"{"command":"quit"}"#, #"{"command":"status"}"#, #"{"command":"next-disc"}"#,
        #"{"command":"loadfile"}"#,
        #"{"command":"next","args":[]}"#, #"{"command":"disc","disc":0}"#,
        #"{"command":"seek","seconds":-3}"#,
        #"{"command":"volume","change":"loud"}"#, #"{"command":"sleep","for":"25h"}"#, #"["next"]"#,
        #"{"command":"shuffle","on":"yes"}"#,
        #"{"verb":"next"}"#,
    ])
    func whatIsNotAnOfferedVerbIsRefusedInOneLine(_ text: String) throws {
        let body = try JSONValue(parsing: Array(text.utf8))
        #expect {
            _ = try WebCommandBody.command(body)
        } throws: { error in
            guard case .badCommand(let reason)? = error as? WebRequestError else { return false }
            return !reason.isEmpty && !reason.contains("\n")
        }
    }

    /// Both protocols' command tables list every verb of the one table, the web's less `quit`.
    @Test func bothProtocolsDocumentEveryVerb() throws {
        let sources = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Sources")
        for (folder, onTheWeb) in [("CDWallyControl", false), ("CDWallyWeb", true)] {
            let text = try String(
                contentsOf: sources.appending(path: "\(folder)/PROTOCOL.md"), encoding: .utf8)
            // The first cell of each table row, which may name several verbs: "| `pause`, `resume` |".
            let cells = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map {
                $0.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
            }
            let listed = Set(
                cells.flatMap {
                    $0.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map {
                        String($0.element)
                    }
                })
            for verb in PlayerVerb.table {
                let expected = onTheWeb ? verb.doors.contains(.web) : verb.doors.contains(.socket)
                #expect(listed.contains(verb.name) == expected, "\(verb.name) in \(folder)/PROTOCOL.md")
            }
        }
    }
}
