/// The members of one JSON object on one line, read without Foundation: the top-level strings,
/// integers and booleans by name; nested objects and arrays (an answer's status) are checked
/// and passed over. What the small client needs of an answer, and no more: `FoundationEssentials`'
/// decoder doubles a cold start (DESIGN.md §8).
public struct AnswerLine: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case string(String)
        case integer(Int)
        case bool(Bool)
        /// null, a fraction, an object or an array: present, and not read.
        case other
    }

    public private(set) var members: [String: Value] = [:]

    /// Reads `bytes` as one JSON object (whitespace around it allowed); nil when it is not one.
    public init?(_ bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard let members = reader.topObject() else { return nil }
        self.members = members
    }

    public subscript(name: String) -> Value? { members[name] }

    public func string(_ name: String) -> String? {
        if case .string(let text)? = members[name] { return text }
        return nil
    }

    public func integer(_ name: String) -> Int? {
        if case .integer(let number)? = members[name] { return number }
        return nil
    }

    public func bool(_ name: String) -> Bool? {
        if case .bool(let flag)? = members[name] { return flag }
        return nil
    }
}

/// A recursive-descent reader of RFC 8259 JSON over bytes; every method returns nil at the
/// first byte that does not fit.
private struct Reader {
    let bytes: [UInt8]
    var index = 0
    /// Nesting beyond this is refused: the answers nest two deep.
    static let deepest = 64

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func topObject() -> [String: AnswerLine.Value]? {
        skipSpace()
        guard let members = object(depth: 0, keeping: true) else { return nil }
        skipSpace()
        return index == bytes.count ? members : nil
    }

    private var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        index += 1
        return true
    }

    /// An object; its members are kept only at the top.
    private mutating func object(depth: Int, keeping: Bool) -> [String: AnswerLine.Value]? {
        guard depth < Self.deepest, take(UInt8(ascii: "{")) else { return nil }
        var members: [String: AnswerLine.Value] = [:]
        skipSpace()
        if take(UInt8(ascii: "}")) { return members }
        repeat {
            skipSpace()
            guard let name = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            guard let value = value(depth: depth + 1) else { return nil }
            if keeping { members[name] = value }
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? members : nil
    }

    private mutating func array(depth: Int) -> Bool {
        guard depth < Self.deepest, take(UInt8(ascii: "[")) else { return false }
        skipSpace()
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            skipSpace()
            guard value(depth: depth + 1) != nil else { return false }
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }

    private mutating func value(depth: Int) -> AnswerLine.Value? {
        switch next {
        case UInt8(ascii: "\""): return string().map { .string($0) }
        case UInt8(ascii: "{"): return object(depth: depth, keeping: false).map { _ in .other }
        case UInt8(ascii: "["): return array(depth: depth) ? .other : nil
        case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return word("null") ? .other : nil
        default: return number()
        }
    }

    private mutating func word(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard bytes[index...].starts(with: expected) else { return false }
        index += expected.count
        return true
    }

    /// `-? int frac? exp?`: an integer when it has neither part after the digits and fits.
    private mutating func number() -> AnswerLine.Value? {
        let start = index
        _ = take(UInt8(ascii: "-"))
        guard digits() else { return nil }
        var whole = true
        if take(UInt8(ascii: ".")) {
            whole = false
            guard digits() else { return nil }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            whole = false
            _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
            guard digits() else { return nil }
        }
        guard whole else { return .other }
        return Int(String(decoding: bytes[start..<index], as: UTF8.self)).map { .integer($0) } ?? .other
    }

    private mutating func digits() -> Bool {
        let start = index
        while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index > start
    }

    /// A string, its escapes undone; control characters raw in it are refused, as JSON says.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        var text: [UInt8] = []
        while let byte = next {
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = escape() else { return nil }
                text += escaped
            case 0..<0x20: return nil
            default: text.append(byte)
            }
        }
        return nil
    }

    /// The UTF-8 of the escape after a backslash.
    private mutating func escape() -> [UInt8]? {
        guard let byte = next else { return nil }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [byte]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "u"):
            guard var scalar = hex() else { return nil }
            // A high surrogate takes the low one that must follow it.
            if (0xD800...0xDBFF).contains(scalar) {
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex(),
                    (0xDC00...0xDFFF).contains(low)
                else { return nil }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { return nil }
            return Array(String(Character(unicode)).utf8)
        default: return nil
        }
    }

    private mutating func hex() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}
