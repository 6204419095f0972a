/// Turns the bytes a terminal sends in raw mode into keys.
///
/// Arrows and paging keys arrive as escape sequences (`ESC [ C`, `ESC [ 5 ~`, `ESC O D`),
/// and a bare Escape is the same first byte with nothing after it. So a trailing ESC, or
/// an unfinished sequence, is held back until more bytes come or the reader reports that
/// the input went quiet (`flush()`); only then is it a lone Escape. A sequence split
/// across two reads therefore still decodes as one key.
///
/// Threads: a value type; the key reader's thread owns its instance.
public struct KeyDecoder: Sendable {
    private static let escapeByte: UInt8 = 0x1B
    /// An unfinished sequence longer than this is garbage, dropped rather than held.
    private static let longestSequence = 32

    private var pending: [UInt8] = []

    public init() {}

    /// Whether bytes are held back waiting for the rest of a sequence; the reader should
    /// call `flush()` if nothing more arrives shortly.
    public var isWaiting: Bool { !pending.isEmpty }

    /// The keys these bytes complete, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decode(pending[index...]) else { break }
            keys.append(key)
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// The input went quiet: whatever is held back is what it looks like on its own. A lone
    /// ESC is Escape; ESC and one more byte (Alt plus a key) is Escape and that key; a
    /// sequence or a character cut short is unknown.
    public mutating func flush() -> [Key] {
        guard !pending.isEmpty else { return [] }
        let held = pending
        pending.removeAll()
        guard held[0] == Self.escapeByte, held.count <= 2 else { return [.unknown] }
        var keys: [Key] = [.escape]
        keys += feed(held.dropFirst())
        if !pending.isEmpty {
            pending.removeAll()
            keys.append(.unknown)
        }
        return keys
    }

    /// The key at the start of `bytes` and how many bytes it took, or nil when more bytes
    /// are needed to tell.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let first = bytes[bytes.startIndex]
        switch first {
        case escapeByte:
            return decodeEscape(bytes)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x09:
            return (.tab, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x01...0x1A:
            return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00, 0x1C...0x1F:
            return (.unknown, 1)
        case 0x20...0x7E:
            return (.character(Character(Unicode.Scalar(first))), 1)
        default:
            return decodeUTF8(bytes)
        }
    }

    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let first = bytes[bytes.startIndex]
        let length =
            switch first {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0 else { return (.unknown, 1) }
        guard bytes.count >= length else {
            // A character cut by the read: wait for the rest, unless what came is already wrong.
            return bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) ? nil : (.unknown, 1)
        }
        var iterator = bytes.prefix(length).makeIterator()
        var utf8 = UTF8()
        guard case .scalarValue(let scalar) = utf8.decode(&iterator) else { return (.unknown, 1) }
        return (.character(Character(scalar)), length)
    }

    /// ESC [ … final (CSI) and ESC O x (SS3, arrows in application mode); ESC with anything
    /// else is Escape, and the byte after it is decoded on its own.
    private static func decodeEscape(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "O") {
            guard bytes.count >= 3 else { return nil }
            return (ss3Key(bytes[start + 2]), 3)
        }
        guard introducer == UInt8(ascii: "[") else { return (.escape, 1) }
        // Parameter and intermediate bytes (0x20...0x3F) run up to a final byte (0x40...0x7E);
        // anything else cuts the sequence short and is decoded on its own.
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) {
            index += 1
        }
        guard index < bytes.endIndex else {
            return index - start > longestSequence ? (.unknown, index - start) : nil
        }
        guard (0x40...0x7E).contains(bytes[index]) else { return (.unknown, index - start) }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        return (csiKey(final: bytes[index], parameters: parameters), index - start + 1)
    }

    private static func ss3Key(_ final: UInt8) -> Key {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: .unknown
        }
    }

    /// `ESC [ C`, `ESC [ 1 ; 5 C` (with modifiers: the same arrow), `ESC [ 5 ~` and friends.
    private static func csiKey(final: UInt8, parameters: String) -> Key {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"): break
        default: return .unknown
        }
        let number = Int(parameters.split(separator: ";").first ?? "") ?? 0
        switch number {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)
        case 17...21: return .function(number - 11)
        case 23, 24: return .function(number - 12)
        default: return .unknown
        }
    }
}
