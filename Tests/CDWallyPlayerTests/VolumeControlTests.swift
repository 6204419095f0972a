import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// The volume's transitions, without mpv: what each change asks the output for.
@Suite struct VolumeControlTests {
    private func control(_ applier: VolumeControl.Applier, level: Int = 100, muted: Bool = false)
        -> VolumeControl
    {
        VolumeControl(
            applier: applier, bounds: VolumeBounds(maximum: 100), device: "pcm", level: level, muted: muted)
    }

    private static func volume(_ level: Double) -> VolumeControl.Effect {
        .request(.set("volume", .double(level)))
    }
    private static func mute(_ on: Bool) -> VolumeControl.Effect { .request(.set("mute", .flag(on))) }

    @Test func aLevelRampsOnMPVAndIsSavedAndShown() throws {
        var volume = control(.mpv)
        #expect(try volume.apply(.set(50)) == [.ramp(to: 50), .save(level: 50, muted: false), .publish])
        #expect(volume.level == 50 && volume.applied == 100)
        let steps = volume.rampSteps(to: 50)
        #expect(steps.count == 25 && steps.last == 50 && steps.first == 98)
        for step in steps { #expect(volume.apply(.stepped(step)) == [Self.volume(step)]) }
        #expect(volume.applied == 50)
        #expect(volume.apply(.rampEnded) == [])
    }

    @Test func muteRampsDownThenMutesAtTheLevelAndUnmuteRampsUpFromSilence() throws {
        var volume = control(.mpv, level: 60)
        #expect(try volume.apply(.mute) == [.ramp(to: 0), .save(level: 60, muted: true), .publish])
        _ = volume.apply(.stepped(0))
        #expect(volume.apply(.rampEnded) == [Self.mute(true), Self.volume(60)])
        // Muted again, nothing is heard; a level set from outside unmutes, from silence.
        #expect(try volume.apply(.mute) == [Self.volume(60), .save(level: 60, muted: true), .publish])
        #expect(
            try volume.apply(.set(40)) == [
                Self.volume(0), Self.mute(false), .ramp(to: 40), .save(level: 40, muted: false), .publish,
            ])
        #expect(!volume.muted && volume.applied == 0)
    }

    @Test func outOfRangeIsRefusedAndAStepClampsAtTheEnds() throws {
        var volume = control(.mpv, level: 30)
        #expect(throws: PlayerError.volumeOutOfRange(requested: "140", maximum: 100)) {
            try volume.apply(.set(140))
        }
        #expect(throws: PlayerError.volumeOutOfRange(requested: "-200", maximum: 100)) {
            try volume.apply(.by(-200))
        }
        #expect(volume.level == 30)
        _ = try volume.apply(.by(-90))
        #expect(volume.level == 0)
        _ = try volume.apply(.by(100))
        #expect(volume.level == 100)
    }

    /// The bug the one curve fixed: the relay's gain is mpv's curve of the level, whether
    /// the level was set live or came at start, and mpv's own level is 100 when it plays.
    @Test func theRelayGetsTheCubeOfTheLevelHoweverItCame() throws {
        var live = control(.relay)
        #expect(
            try live.apply(.set(50)) == [.relay(amplitude: 0.125), .save(level: 50, muted: false), .publish])
        let restored = control(.relay, level: 50)
        for var volume in [live, restored] {
            #expect(
                volume.apply(.beforePlay) == [
                    .stopRamp, .relay(amplitude: 0.125), .request(.set("volume", .double(100))),
                    Self.mute(false),
                ])
        }
        #expect(try live.apply(.mute) == [.relay(amplitude: 0), .save(level: 50, muted: true), .publish])
        #expect(VolumeControl.amplitude(ofLevel: 100) == 1)
    }

    /// A ramp under way on an idle player (nothing heard yet) must not start the disc at its
    /// current step: the first sample has the listener's level.
    @Test func mpvGetsTheLevelBeforeADiscAndBackAfterAFade() throws {
        var volume = control(.mpv)
        #expect(try volume.apply(.set(70)).first == .ramp(to: 70))
        _ = volume.apply(.stepped(volume.rampSteps(to: 70)[0]))
        #expect(volume.apply(.beforePlay) == [.stopRamp, Self.volume(70), Self.mute(false)])
        for step in volume.rampSteps(to: 0) { _ = volume.apply(.stepped(step)) }
        #expect(volume.applied == 0)
        #expect(volume.apply(.restore) == [Self.volume(70)])
        #expect(volume.apply(.restore) == [])
    }

    @Test func theHardwareMixerNeedsAnOpenOutputAndIsNotSaved() throws {
        var volume = control(.hardware)
        #expect(throws: PlayerError.noHardwareMixer(device: "pcm")) { try volume.apply(.set(20)) }
        #expect(volume.level == 100)
        _ = volume.apply(.output(open: true))
        #expect(
            try volume.apply(.set(20)) == [
                .mixer(.set("ao-volume", .double(20)), level: 100, muted: false),
                .request(.set("ao-mute", .flag(false))), .publish,
            ])
        #expect(volume.apply(.beforePlay) == [])
        // The device has no mixer after all: the level is what it was.
        #expect(volume.apply(.mixerRefused(level: 100, muted: false)) == [.publish])
        #expect(volume.level == 100)
    }
}
