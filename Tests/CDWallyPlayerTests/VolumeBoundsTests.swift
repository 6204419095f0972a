import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// A volume a child cannot blast (docs/PRODUCT.md §11), without mpv: a level asked beyond the
/// limit or the floor is set to it; beyond `volume_max` it is still refused.
@Suite struct VolumeBoundsTests {
    private static let bounds = VolumeBounds(maximum: 100, limit: 60, floor: 10, start: nil)

    private func control(level: Int = 40, bounds: VolumeBounds = Self.bounds) -> VolumeControl {
        VolumeControl(applier: .mpv, bounds: bounds, device: "pcm", level: level, muted: false)
    }

    @Test func aLevelAboveTheLimitIsTheLimitAndBelowTheFloorTheFloor() throws {
        var volume = control()
        #expect(try volume.apply(.set(90)).contains(.save(level: 60, muted: false)))
        #expect(volume.level == 60)
        _ = try volume.apply(.by(5))
        #expect(volume.level == 60)
        _ = try volume.apply(.set(0))
        #expect(volume.level == 10)
        _ = try volume.apply(.by(-30))
        #expect(volume.level == 10)
        _ = try volume.apply(.set(45))
        #expect(volume.level == 45)
    }

    @Test func aLevelBeyondVolumeMaxIsStillRefused() {
        var volume = control()
        #expect(throws: PlayerError.volumeOutOfRange(requested: "101", maximum: 100)) {
            try volume.apply(.set(101))
        }
        #expect(volume.level == 40)
    }

    @Test func theStartLevel() {
        // The saved level, within the bounds: a saved level above a new limit starts at it.
        #expect(Self.bounds.startLevel(saved: 90) == 60)
        #expect(Self.bounds.startLevel(saved: 5) == 10)
        #expect(Self.bounds.startLevel(saved: nil) == 60)
        #expect(Self.bounds.startLevel(saved: 30) == 30)
        // `start_volume` whatever was saved.
        var starting = Self.bounds
        starting.start = 25
        #expect(starting.startLevel(saved: 55) == 25)
        // No settings: 0…volume_max.
        #expect(VolumeBounds(maximum: 130).startLevel(saved: 120) == 120)
        #expect(VolumeBounds().top == 100 && VolumeBounds().bottom == 0)
    }
}
