import CDWallyKeys
import CDWallyVocabulary
import Testing

@Suite struct KeyActionNameTests {
    @Test func canonicalNamesReadBack() {
        for (name, command) in KeyActionName.table {
            #expect(KeyActionName.command(named: name) == command)
            #expect(KeyActionName.command(named: name.uppercased()) == command)
            #expect(KeyActionName.name(of: command) == name)
        }
    }

    @Test(arguments: [
        ("play-pause", PlayerCommand.toggle), ("PlayPause", .toggle), ("play_pause", .toggle),
        ("toggle", .toggle), ("resume", .resume), ("prev", .previous), ("Previous", .previous),
        ("next disc", .nextDisc), ("nextDisc", .nextDisc), ("previous-disc", .previousDisc),
        ("seek_forward", .seek(.relative(10))), ("SEEK-BACKWARD", .seek(.relative(-10))),
        ("random", .randomDisc), ("random-disc", .randomDisc), ("stop", .stop), ("pause", .pause),
    ])
    func readsActionNamesTheWayUsersWriteThem(name: String, command: PlayerCommand) {
        #expect(KeyActionName.command(named: name) == command)
    }

    @Test(arguments: ["", "skip", "volume-sideways", "play pause please", "none"])
    func rejectsOtherWords(name: String) {
        #expect(KeyActionName.command(named: name) == nil)
    }
}
