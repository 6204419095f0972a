import CDWallyQuickClient
import Testing

/// The small client's reading of an answer line, without Foundation: what the player writes
/// (`PrintedLines.json`, through `JSONValue`'s writer) comes back byte for byte, an error answer
/// of the protocol's own hands the command over, and anything else is said, never handed over.
@Suite struct QuickAnswerTests {
    @Test func aPrintedAnswerComesBackWholeWithItsEscapes() {
        let line = Array(
            #"{"version":1,"ok":true,"stdout":"❚❚ Paused  Disc 1  Track 2/4\n  Ann — \"Ünïcode\" \\ tab\tend\u0001 😀 \ud83d\ude00\n","stderr":"","exit":0}"#
                .utf8)
        #expect(
            QuickAnswer(line: line)
                == .print(
                    PrintedLines(
                        standardOutput:
                            "❚❚ Paused  Disc 1  Track 2/4\n  Ann — \"Ünïcode\" \\ tab\tend\u{01} 😀 😀\n",
                        standardError: "", exitStatus: 0)))
        let refused = Array(
            #"{"version":1,"ok":true,"stdout":"","stderr":"cdwally: there is no disc 9\n","exit":64}"#.utf8)
        #expect(
            QuickAnswer(line: refused)
                == .print(
                    PrintedLines(
                        standardOutput: "", standardError: "cdwally: there is no disc 9\n", exitStatus: 64)))
    }

    @Test func anErrorAnswerOfTheProtocolsOwnHandsTheCommandOver() {
        for line in [
            #"{"version":1,"ok":false,"code":"unknown-command","error":"unknown command \"command-line\"; known: pause"}"#,
            #" {"version":1,"ok":false,"code":"busy","error":"too many connections","kind":"busy"} "#,
        ] {
            #expect(QuickAnswer(line: Array(line.utf8)) == .handOver, "\(line)")
        }
    }

    @Test func anythingElseIsNonsenseAndNeverHandedOver() {
        for line in [
            // A status answer: the command ran, so it must not run again.
            #"{"version":1,"ok":true,"status":{"state":"paused","disc":{"position":1,"tracks":[1,2.5e3,null]}}}"#,
            #"{"version":1,"ok":true,"stdout":"x","stderr":"","exit":1.5}"#,
            #"{"version":1,"ok":true,"stdout":"x","stderr":"","exit":99999999999}"#,
            #"{"version":1,"ok":false"#, #"{"ok":false} trailing"#, "", "[]", #"{"ok":"false"}"#,
            #"{"ok":true,"stdout":"raw"# + "\n" + #"line","stderr":"","exit":0}"#,
            #"{"ok":true,"stdout":"\ud83d alone","stderr":"","exit":0}"#,
            #"{"ok":true,"stdout":"\u+123","stderr":"","exit":0}"#,
            String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
        ] {
            #expect(QuickAnswer(line: Array(line.utf8)) == .nonsense, "\(line)")
        }
    }

    @Test func theRequestIsOneLineOfTheProtocol() {
        let request = QuickRequest(words: ["sta\"tus", "back\\slash", "new\nline", "\u{01}", "dïsc"])
        #expect(
            String(decoding: request.line, as: UTF8.self)
                == #"{"version":1,"command":"command-line","arguments":["sta\"tus","back\\slash","new\nline","\u0001","dïsc"]}"#
                + "\n")
        #expect(QuickRequest.mayTake(["toggle"]) && QuickRequest.mayTake(["status", "--json"]))
        #expect(!QuickRequest.mayTake([]) && !QuickRequest.mayTake(["--version"]))
        // The player decides which words are a control command's: any that start with a word.
        #expect(QuickRequest.mayTake(["seek", "+10"]) && QuickRequest.mayTake(["status", "--follow"]))
        #expect(QuickRequest.mayTake(Array(repeating: "x", count: 16)))
        #expect(!QuickRequest.mayTake(Array(repeating: "x", count: 17)))
    }
}
