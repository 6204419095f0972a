import CDWallyCore
import Glibc

/// A pseudo-terminal whose far end plays an RDM6300 serial card reader: the reader's end is
/// `path`, which a `[cards] reader` line names; `send` writes on the far end.
public final class SerialCardLine {
    public let path: RawPath
    private var master: Int32

    public init() throws {
        var master: Int32 = -1
        var terminal: Int32 = -1
        guard openpty(&master, &terminal, nil, nil, nil) == 0 else {
            throw TestFailure("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        defer { close(terminal) }
        self.master = master
        guard let name = ttyname(terminal) else { throw TestFailure("the pseudo-terminal has no name") }
        path = RawPath(String(cString: name))
    }

    deinit { hangUp() }

    public func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Sends the frame of `card`, as the module does when a card comes near it.
    public func send(card: UInt32) { send(Self.frame(card: card)) }

    /// Closes the far end, as pulling a USB serial adapter out does.
    public func hangUp() {
        guard master >= 0 else { return }
        close(master)
        master = -1
    }

    /// An RDM6300 frame: STX, the version and four bytes of the card as ten hexadecimal
    /// digits, their XOR (or `checksum`) as two more, ETX.
    public static func frame(version: UInt8 = 0x0F, card: UInt32, checksum: UInt8? = nil) -> [UInt8] {
        let data = [version] + (0..<4).map { UInt8(truncatingIfNeeded: card >> (24 - 8 * $0)) }
        let sum = checksum ?? data.reduce(0, ^)
        let hex = (data + [sum]).map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }.joined()
        return [0x02] + Array(hex.utf8) + [0x03]
    }
}
