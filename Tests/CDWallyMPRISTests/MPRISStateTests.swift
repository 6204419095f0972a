import CMPRIS
import Testing

@testable import CDWallyMPRIS

/// The pure rules behind the server: which properties changed, which calls go through.
@Suite struct MPRISStateTests {
    private func names(_ properties: [CMPRISProperty]) -> [String] {
        properties.map { String(cString: cmpris_property_name($0)) }
    }

    @Test func changedPropertiesNameExactlyWhatDiffers() {
        let old = MPRISState.sample
        #expect(old.changedProperties(since: old).isEmpty)

        var new = old
        new.playbackStatus = .paused
        new.canSeek = false
        new.volume = 0.25
        #expect(names(new.changedProperties(since: old)) == ["PlaybackStatus", "Volume", "CanSeek"])

        var track = old
        track.metadata?.discNumber = 1
        #expect(names(track.changedProperties(since: old)) == ["Metadata"])
        #expect(names(MPRISState().changedProperties(since: old)).count == 8)
    }

    @Test func canPropertiesGateCommands() {
        var state = MPRISState.sample
        state.canGoNext = false
        state.canSeek = false
        #expect(!state.allows(.next))
        #expect(state.allows(.previous))
        #expect(!state.allows(.seek(.relative(1))))
        #expect(state.allows(.stop))

        // PlayPause pauses while playing and plays otherwise: it needs the matching Can….
        state.canPause = false
        #expect(!state.allows(.toggle))
        state.playbackStatus = .paused
        #expect(state.allows(.toggle))
        state.canPlay = false
        #expect(!state.allows(.toggle))
        #expect(!state.allows(.resume))
    }

    @Test func setPositionNeedsTheCurrentTrackAndAPositionInIt() {
        let state = MPRISState.sample
        let current = MPRISState.sampleTrack.objectPath
        #expect(
            state.setPositionCommand(trackObjectPath: current, microseconds: 0)
                == .seek(.absolute(0)))
        #expect(
            state.setPositionCommand(trackObjectPath: current, microseconds: 181_000_000)
                == .seek(.absolute(181)))
        #expect(state.setPositionCommand(trackObjectPath: current, microseconds: 181_000_001) == nil)
        #expect(state.setPositionCommand(trackObjectPath: current, microseconds: -1) == nil)
        #expect(state.setPositionCommand(trackObjectPath: current + "0", microseconds: 5) == nil)
        #expect(MPRISState().setPositionCommand(trackObjectPath: current, microseconds: 5) == nil)

        var unknownLength = state
        unknownLength.metadata?.lengthMicroseconds = nil
        #expect(
            unknownLength.setPositionCommand(trackObjectPath: current, microseconds: 999_000_000)
                == .seek(.absolute(999)))
        var noSeeking = state
        noSeeking.canSeek = false
        #expect(noSeeking.setPositionCommand(trackObjectPath: current, microseconds: 5) == nil)
    }
}
