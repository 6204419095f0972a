import CDWallyCore
import CDWallySystem
import Foundation
import Testing

/// `FileStatus.isOnVanishedDisk`: what tells a pulled USB stick, still mounted because a file
/// of it was open, from a disk that is there (the whole machine's USB scenario is its real
/// test: Scripts/check-machine --only usb).
@Suite struct VanishedDiskTests {
    private func encoded(major: UInt64, minor: UInt64) -> UInt64 {
        let high = ((major & 0xfff) << 8) | ((major & ~UInt64(0xfff)) << 32)
        return high | (minor & 0xff) | ((minor & ~UInt64(0xff)) << 12)
    }

    @Test func aFileOnADiskThatIsThereIsNotOnAVanishedDisk() throws {
        let file = NSTemporaryDirectory() + "/cdwally-vanished-\(getpid())"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let status = try #require(FileStatus.of(RawPath(file)))
        #expect(!status.isOnVanishedDisk)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/dev/block"), "needs /sys"))
    func aBlockDeviceNoLongerListedIsVanishedAndNoDeviceIsNever() {
        // A major and minor no machine lists (minor 1,048,000 of major 4000).
        let gone = FileStatus(
            kind: .regular, size: 1, modified: 0, device: encoded(major: 4000, minor: 1_048_000), inode: 1)
        #expect(gone.isOnVanishedDisk)
        // Major 0 (NFS, FUSE, tmpfs) has no block device to ask about.
        let network = FileStatus(
            kind: .regular, size: 1, modified: 0, device: encoded(major: 0, minor: 77), inode: 1)
        #expect(!network.isOnVanishedDisk)
        // Every block device listed now is there.
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/dev/block")) ?? []
        for name in listed.prefix(5) {
            let numbers = name.split(separator: ":").compactMap { UInt64($0) }
            guard numbers.count == 2 else { continue }
            let present = FileStatus(
                kind: .regular, size: 1, modified: 0, device: encoded(major: numbers[0], minor: numbers[1]),
                inode: 1)
            #expect(!present.isOnVanishedDisk, "\(name)")
        }
    }
}
