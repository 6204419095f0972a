import CDWallyKeys
import CDWallyPlayer
import CDWallyTerminal
import CDWallyVocabulary
import Foundation
import Testing

/// `PlayerVerb.table` is the one source of every verb: each front end offers exactly the verbs
/// whose doors name it, both PROTOCOL.md tables and the man page list them. A verb added to the
/// table (say `shuffle`, from another branch) fails here until every door it names has it.
@Suite struct VerbRegistryTests {
    @Test func theCommandLineHasACommandForEachOfItsVerbs() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        for verb in PlayerVerb.table {
            for word in [verb.name] + verb.aliases {
                let help = try await cli.run([word, "--help"])
                #expect((help.status == 0) == verb.doors.contains(.cli), "cdwally \(word)")
            }
            if verb.doors.contains(.cli) {
                let help = try await cli.run([verb.name, "--help"]).stdout
                let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(words.contains(verb.abstract), "\(verb.name)")
            }
        }
    }

    @Test func mediaKeysHaveTheKeyActionsOfTheirVerbs() {
        for verb in PlayerVerb.table {
            #expect(verb.doors.contains(.keys) == !verb.keyActions.isEmpty, "\(verb.name)")
            for action in verb.keyActions where verb.doors.contains(.keys) {
                #expect(KeyActionName.command(named: action.name) == action.command, "\(action.name)")
            }
            // A plain verb's words name its key action too.
            if verb.doors.contains(.keys), let command = verb.plainCommand {
                for word in [verb.name] + verb.aliases {
                    #expect(KeyActionName.command(named: word) == command, "\(word)")
                }
            }
        }
    }

    @Test func theTerminalHasAKeyForEachOfItsVerbs() {
        let offered = Set(
            KeyBinding.table.flatMap(\.keys.values).compactMap { action -> String? in
                guard case .player(let command) = action else { return nil }
                return PlayerVerb.wire(command)?.name
            })
        for verb in PlayerVerb.table {
            #expect(offered.contains(verb.name) == verb.doors.contains(.terminal), "\(verb.name)")
        }
    }

    @Test func bothProtocolsAndTheManPageListEveryVerb() throws {
        for (file, door) in [
            ("Sources/CDWallyControl/PROTOCOL.md", PlayerVerb.Doors.socket),
            ("Sources/CDWallyWeb/PROTOCOL.md", PlayerVerb.Doors.web),
        ] {
            let listed = Self.tableVerbs(try ManualTests.source(file))
            for verb in PlayerVerb.table {
                #expect(listed.contains(verb.name) == verb.doors.contains(door), "\(verb.name) in \(file)")
            }
        }
        let manual = try ManualTests.Page(path: ManualTests.manualPath)
        let commands = manual.commandNames(section: "COMMANDS")
        let protocolTags = Set(manual.tags(section: "CONTROL PROTOCOL").compactMap(\.first))
        let keys = manual.text(section: "MEDIA KEYS")
        let display = manual.text(section: "THE TERMINAL DISPLAY")
        for verb in PlayerVerb.table {
            #expect(commands.contains(verb.name) == verb.doors.contains(.cli), "\(verb.name) in COMMANDS")
            #expect(protocolTags.contains(verb.name), "\(verb.name) in CONTROL PROTOCOL")
            for action in verb.keyActions where verb.doors.contains(.keys) {
                #expect(keys.contains(action.name), "\(action.name) in MEDIA KEYS")
            }
            if verb.doors.contains(.terminal) {
                let binding = KeyBinding.table.first { binding in
                    binding.keys.values.contains {
                        if case .player(let command) = $0 {
                            PlayerVerb.wire(command)?.name == verb.name
                        } else {
                            false
                        }
                    }
                }
                #expect(
                    binding.map { display.contains($0.label) } == true, "\(verb.name) in THE TERMINAL DISPLAY"
                )
            }
        }
    }

    /// The verbs in the first cell of a PROTOCOL.md table row, which may name several:
    /// "| `next`, `previous` |".
    static func tableVerbs(_ text: String) -> Set<String> {
        let cells = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map {
            $0.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
        }
        return Set(
            cells.flatMap {
                $0.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            })
    }
}
