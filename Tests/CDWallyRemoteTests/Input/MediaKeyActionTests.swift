import CDWallyRemote
import Testing

@Suite struct MediaKeyActionTests {
    @Test func canonicalNamesReadBack() {
        for action in MediaKeyAction.allCases {
            #expect(MediaKeyAction(name: action.rawValue) == action)
            #expect(MediaKeyAction(name: action.rawValue.uppercased()) == action)
        }
    }

    @Test(arguments: [
        ("play-pause", MediaKeyAction.playPause), ("PlayPause", .playPause), ("play_pause", .playPause),
        ("toggle", .playPause), ("resume", .play), ("prev", .previous), ("Previous", .previous),
        ("next disc", .nextDisc), ("nextDisc", .nextDisc), ("previous-disc", .previousDisc),
        ("seek_forward", .seekForward), ("SEEK-BACKWARD", .seekBackward), ("random", .randomDisc),
        ("random-disc", .randomDisc), ("stop", .stop), ("pause", .pause),
    ])
    func readsActionNamesTheWayUsersWriteThem(name: String, action: MediaKeyAction) {
        #expect(MediaKeyAction(name: name) == action)
    }

    @Test(arguments: ["", "skip", "volume-up", "play pause please", "none"])
    func rejectsOtherWords(name: String) {
        #expect(MediaKeyAction(name: name) == nil)
    }
}
