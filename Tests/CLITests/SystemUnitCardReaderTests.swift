import Foundation
import TestSupport
import Testing

/// The system unit and a serial card reader (`[cards] reader = "/dev/serial0"`): the hardened
/// unit's closed device policy must let the reader's terminal in, and the user's groups must
/// let it be opened. systemd resolves each `DeviceAllow=char-NAME` against /proc/devices once,
/// at the unit's start, as it does ALSA's (`SystemUnitSoundCardTests`).
struct SystemUnitCardReaderTests {
    @Test func theUnitLetsASerialReaderInReadOnly() throws {
        let unit = try String(contentsOfFile: SystemUnitTests.source, encoding: .utf8)
        let settings = SystemUnitTests.settings(of: unit)
        #expect(settings["DevicePolicy"] == ["closed"])
        let allowed = Set(settings["DeviceAllow", default: []])
        // A Pi's UARTs (/dev/serial0 is ttyAMA0 or ttyS0) and USB serial adapters.
        for terminal in ["char-ttyS r", "char-ttyAMA r", "char-ttyUSB r", "char-ttyACM r"] {
            #expect(allowed.contains(terminal), "DeviceAllow=\(terminal) is missing")
        }
        // Nothing is written to a reader: no terminal is allowed more than reading.
        #expect(!allowed.contains { $0.hasPrefix("char-tty") && $0.hasSuffix("rw") })
        let groups = settings["SupplementaryGroups", default: []].flatMap { $0.split(separator: " ") }
        #expect(groups.contains("dialout"))
        // usbserial registers ttyUSB's major: loaded first, a reader plugged in later opens.
        let wants = settings["Wants", default: []].flatMap { $0.split(separator: " ") }
        let after = settings["After", default: []].flatMap { $0.split(separator: " ") }
        #expect(wants.contains("modprobe@usbserial.service") && after.contains("modprobe@usbserial.service"))
    }
}
