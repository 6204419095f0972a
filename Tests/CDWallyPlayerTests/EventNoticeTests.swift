import CDWallyCore
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// The words every front end shows for an event.
@Suite struct EventNoticeTests {
    @Test func eachEventSaysOneThingAtItsLevel() {
        let album = Album(
            id: AlbumID(identityKey: "quiet\u{1F}long"), albumArtist: "Quiet", title: "Long", tracks: [],
            directories: [])
        #expect(
            PlayerEvent.discFinished(album).notice
                == EventNotice(level: .info, text: "Finished: Quiet — Long"))
        #expect(
            PlayerEvent.trackSkipped(path: RawPath("/m/a.flac"), reason: "unreadable").notice
                == EventNotice(level: .warning, text: "Skipped /m/a.flac: unreadable"))
        #expect(PlayerEvent.error(.outputStalled).notice?.level == .error)
        #expect(PlayerEvent.playbackFinished(walletPlayedThrough: true).notice?.text == "The last disc ended")
        #expect(PlayerEvent.seeked(.idle(wallet: .empty)).notice == nil)
    }
}
