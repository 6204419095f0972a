import Foundation
import TestSupport
import Testing

/// The system unit and a sound card whose driver loads after the unit starts (found by
/// Scripts/check-machine: under QEMU the HDA card came up after the unit, and the jukebox
/// never opened it). systemd resolves `DeviceAllow=char-alsa` against /proc/devices once, at
/// the unit's start: with ALSA's core module not loaded yet, the rule allows nothing.
struct SystemUnitSoundCardTests {
    @Test func theUnitLoadsALSAsCoreModuleBeforeItStarts() throws {
        let unit = try String(contentsOfFile: SystemUnitTests.source, encoding: .utf8)
        let settings = SystemUnitTests.settings(of: unit)
        #expect(settings["DeviceAllow"]?.contains("char-alsa rw") == true)
        let wants = settings["Wants", default: []].flatMap { $0.split(separator: " ").map(String.init) }
        let after = settings["After", default: []].flatMap { $0.split(separator: " ").map(String.init) }
        #expect(wants.contains("modprobe@snd.service"))
        #expect(after.contains("modprobe@snd.service"))
    }
}
