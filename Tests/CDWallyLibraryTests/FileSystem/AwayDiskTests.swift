import CDWallyCore
import CDWallySystem
import Foundation
import Testing

@testable import CDWallyLibrary

/// A library root behind an automount point with its disk away: the mount table says so
/// without asking the point, and the watcher looks inside seldom but at once when a disk may
/// have come.
@Suite struct AwayDiskTests {
    private static let table = Array(
        """
        22 1 8:2 / / rw,relatime shared:1 - ext4 /dev/vda2 rw
        25 22 0:23 / /proc rw,nosuid shared:12 - proc proc rw
        61 22 0:52 / /srv/music rw,relatime shared:30 - autofs systemd-1 rw,fd=49,direct
        70 61 8:17 / /srv/music rw,relatime shared:34 - exfat /dev/sdb1 rw,uid=1000
        80 22 0:60 / /srv/my\\040music rw,relatime shared:40 - autofs systemd-1 rw,direct
        81 22 0:61 / /srv/tagged rw shared:41 master:2 - nfs4 nas:/music rw,vers=4.2
        """.utf8)

    @Test func theMountTableSaysWhatLiesLastAtAPoint() {
        // A stick mounted over its automount point; away, the point alone.
        #expect(MountTable.type(at: RawPath("/srv/music"), in: Self.table) == "exfat")
        let away = Self.table.split(separator: UInt8(ascii: "\n")).filter {
            !String(decoding: $0, as: UTF8.self).contains("exfat")
        }
        #expect(
            MountTable.type(at: RawPath("/srv/music"), in: Array(away.joined(separator: [10]))) == "autofs")
        #expect(MountTable.type(at: RawPath("/srv//music/"), in: Self.table) == "exfat")
        #expect(MountTable.type(at: RawPath("/srv/my music"), in: Self.table) == "autofs")
        // Optional tags before the dash, several of them.
        #expect(MountTable.type(at: RawPath("/srv/tagged"), in: Self.table) == "nfs4")
        #expect(MountTable.type(at: RawPath("/srv"), in: Self.table) == nil)
        #expect(MountTable.type(at: RawPath("/srv/music"), in: Array("garbage - \n\n 1 2 3".utf8)) == nil)
    }

    /// What the player asks of a track it cannot open: is its disk away behind its automount
    /// point? Answered from the innermost mount that holds the file.
    @Test func theMountTableSaysWhatHoldsAFile() {
        let track = RawPath("/srv/music/Rising Tones/Disc 2/03.flac")
        #expect(MountTable.type(containing: track, in: Self.table) == "exfat")
        let away = Self.table.split(separator: UInt8(ascii: "\n")).filter {
            !String(decoding: $0, as: UTF8.self).contains("exfat")
        }
        #expect(MountTable.type(containing: track, in: Array(away.joined(separator: [10]))) == "autofs")
        #expect(MountTable.type(containing: RawPath("/srv/music"), in: Self.table) == "exfat")
        // A folder whose name begins like a mount point's is not inside it.
        #expect(MountTable.type(containing: RawPath("/srv/musicals/a.flac"), in: Self.table) == "ext4")
        #expect(MountTable.type(containing: RawPath("/srv/my music/a.flac"), in: Self.table) == "autofs")
        #expect(MountTable.type(containing: RawPath("/srv/tagged/x/y.flac"), in: Self.table) == "nfs4")
    }

    @Test func thisMachinesTableIsRead() throws {
        #expect(MountTable.type(at: RawPath("/proc")) == "proc")
        #expect(MountTable.type(at: RawPath(NSTemporaryDirectory() + "/not-a-mount-point")) == nil)
        let table = try Self.thisMachine()
        #expect(MountTable.type(containing: RawPath("/proc/self/status"), in: table) == "proc")
        #expect(!MountTable.isBehindBareAutomountPoint(RawPath(NSTemporaryDirectory())))
    }

    private static func thisMachine() throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: "/proc/self/mountinfo")))
    }

    @Test func aLookAtEveryTurnForAWhileThenSeldomUntilADeviceComes() {
        var looks = AwayDiskLooks()
        let start = ContinuousClock.now
        let devices = NodeStamp(
            path: RawPath("/dev"), device: 5, inode: 1, size: 4000, changed: 1, isDirectory: true)
        func looked(from: Double, to: Double, devices: NodeStamp?) -> Int {
            stride(from: from, to: to, by: 0.5).filter {
                looks.mayLook(at: start + .milliseconds(Int($0 * 1000)), devices: devices)
            }.count
        }
        // Just gone: every turn of the window.
        #expect(looked(from: 0, to: 10, devices: devices) == 20)
        // Then once each 30 s from the last look (9.5 s).
        #expect(looked(from: 10, to: 39.5, devices: devices) == 0)
        #expect(looked(from: 39.5, to: 69.5, devices: devices) == 1)
        // A disk plugged: its nodes change /dev, and every turn looks again for a while.
        var plugged = devices
        plugged.changed = 2
        #expect(looked(from: 69.5, to: 79.5, devices: plugged) == 20)
        #expect(looked(from: 79.5, to: 100, devices: plugged) == 0)
        // No device folder at all (a container): the same, once each 30 s.
        #expect(looked(from: 100, to: 101, devices: nil) == 2)
    }
}
