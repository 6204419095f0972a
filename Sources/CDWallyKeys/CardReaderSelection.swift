import CDWallyCore
import Foundation

/// Which devices are card readers: `[cards] reader` in the config (docs/PRODUCT.md §11), each
/// value a device path (`/dev/input/by-id/usb-…-event-kbd`, `/dev/input/event3`) or the
/// name the kernel gives a device (`evtest` shows it). A name may match several devices, and
/// every one of them is a reader. Or, with none configured, `discover`: every device that can
/// type digits and Enter, none grabbed, for `card assign` to learn which one typed a card.
///
/// A keyboard or a remote is never taken for a reader by what it can do: only this decides.
public struct CardReaderSelection: Sendable, Equatable {
    /// Device paths, normalised.
    public let paths: [RawPath]
    /// Device names, matched whole, ignoring case.
    public let names: [String]
    /// Every digit-typing device, read without a grab.
    public let discovers: Bool

    /// The configured readers: values beginning with `/` are paths, the others names.
    public init(configured values: [String]) {
        let trimmed = values.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        paths = trimmed.filter { $0.hasPrefix("/") }.map { RawPath($0).lexicallyNormalized() }
        names = trimmed.filter { !$0.hasPrefix("/") }
        discovers = false
    }

    private init(discovering: Bool) {
        paths = []
        names = []
        discovers = discovering
    }

    /// No reader configured: nothing is a reader, nothing is left out of `--input auto`.
    public static let none = CardReaderSelection(configured: [])

    /// Every device that can type digits and Enter, for finding the reader.
    public static let discover = CardReaderSelection(discovering: true)

    public var isEmpty: Bool { paths.isEmpty && names.isEmpty && !discovers }

    /// Whether the device open at `path` is one of the configured readers: by its name, by
    /// its path, or by a configured path that leads to the same node (a `by-id` link).
    func isReader(_ device: InputDevice, at path: RawPath) -> Bool {
        if names.contains(where: { $0.lowercased() == device.name.lowercased() }) { return true }
        let path = path.lexicallyNormalized()
        return paths.contains { $0 == path || NodeIdentity.of($0) == device.identity }
    }
}
