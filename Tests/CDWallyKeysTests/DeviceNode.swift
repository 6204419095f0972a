import CDWallyCore
import Glibc
import TestSupport

/// Character-device nodes for tests that need something that is neither a regular file nor
/// a working input device.
enum DeviceNode {
    /// The input subsystem's character major; minors 64 and up are `eventN` nodes.
    static let inputMajor: UInt32 = 13

    /// Makes an `eventN`-style node with no device behind it, as a node left behind by an
    /// unplugged device looks: opening it fails with ENXIO. Nil when mknod is not allowed.
    static func makeStaleEventNode(at path: RawPath, minor: UInt32 = 64 + 250) -> RawPath? {
        let device = makeDevice(major: inputMajor, minor: minor)
        let result = path.withCString { mknod($0, S_IFCHR | 0o644, device) }
        return result == 0 ? path : nil
    }

    /// glibc's `makedev`, a macro Swift cannot import. Built a part at a time: Swift 6.2's
    /// type checker gives up on the whole expression at once for arm64's `dev_t`.
    static func makeDevice(major: UInt32, minor: UInt32) -> dev_t {
        let major = UInt64(major)
        let minor = UInt64(minor)
        let high: UInt64 = (major & 0xffff_f000) << 32 | (minor & 0xffff_ff00) << 12
        let low: UInt64 = (major & 0xfff) << 8 | (minor & 0xff)
        return dev_t(high | low)
    }

    /// Whether this process may create device nodes here (root, and no container policy against it).
    static let canMakeNodes: Bool = {
        guard let directory = try? TemporaryDirectory() else { return false }
        return makeStaleEventNode(at: directory.child("probe")) != nil
    }()
}
