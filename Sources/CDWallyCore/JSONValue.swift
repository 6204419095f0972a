/// A JSON document with its object keys in the order written, and explicit nulls: the
/// shapes `--json` promises (docs/PRODUCT.md §7) and the control-socket protocol are spelled out
/// field by field, which Codable's synthesized encoding (dropping nil fields, reordering
/// keys) would not keep.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.elementsEqual(b) { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Seconds rounded to milliseconds, so output does not show binary noise.
    public static func seconds(_ value: Double) -> JSONValue {
        .double((value * 1000).rounded() / 1000)
    }

    public static func string(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    public static func int(_ value: Int?) -> JSONValue {
        value.map(JSONValue.int) ?? .null
    }

    /// The value as JSON text; `pretty` indents by two spaces.
    public func serialized(pretty: Bool = true) -> String {
        String(decoding: utf8(pretty: pretty), as: UTF8.self)
    }

    /// The value as JSON text in UTF-8. Written as bytes rather than appended to a `String` a
    /// scalar at a time: a whole-library wallet is megabytes of text.
    public func utf8(pretty: Bool = true) -> [UInt8] {
        var output: [UInt8] = []
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    private func write(to output: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .int(let value): output += String(value).utf8
        case .double(let value):
            if value.isFinite {
                output +=
                    (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)).utf8
            } else {
                output += "null".utf8
            }
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (offset, value) in values.enumerated() {
                Self.writeSeparator(offset: offset, to: &output, pretty: pretty, indent: indent)
                value.write(to: &output, pretty: pretty, indent: indent + 2)
            }
            Self.writeClose("]", empty: values.isEmpty, to: &output, pretty: pretty, indent: indent)
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (offset, (key, value)) in members.enumerated() {
                Self.writeSeparator(offset: offset, to: &output, pretty: pretty, indent: indent)
                JSONValue.writeString(key, to: &output)
                output += (pretty ? ": " : ":").utf8
                value.write(to: &output, pretty: pretty, indent: indent + 2)
            }
            Self.writeClose("}", empty: members.isEmpty, to: &output, pretty: pretty, indent: indent)
        }
    }

    /// What comes before a container's item: a comma after the first, and a new indented line
    /// when pretty.
    private static func writeSeparator(offset: Int, to output: inout [UInt8], pretty: Bool, indent: Int) {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
    }

    private static func writeClose(
        _ close: Unicode.Scalar, empty: Bool, to output: inout [UInt8], pretty: Bool, indent: Int
    ) {
        if pretty && !empty {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        }
        output.append(UInt8(ascii: close))
    }

    /// A string's UTF-8 bytes, quoted and escaped: the quote, the backslash and every control
    /// character (C0, DEL and C1) escaped, everything else as it is. With the C1 controls
    /// (U+0080–U+009F, written `C2 80`–`C2 9F`) escaped too, JSON text holds no raw control
    /// character a terminal would act on, and goes out without a second look.
    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var afterC2 = false
        for byte in value.utf8 {
            if afterC2 {
                afterC2 = false
                if (0x80...0x9F).contains(byte) {
                    writeEscape(byte, to: &output)
                    continue
                }
                output.append(0xC2)
            }
            switch byte {
            case UInt8(ascii: "\""): output += #"\""#.utf8
            case UInt8(ascii: "\\"): output += #"\\"#.utf8
            case UInt8(ascii: "\n"): output += #"\n"#.utf8
            case UInt8(ascii: "\r"): output += #"\r"#.utf8
            case UInt8(ascii: "\t"): output += #"\t"#.utf8
            case 0..<0x20, 0x7F: writeEscape(byte, to: &output)
            case 0xC2: afterC2 = true
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `\u00XX` for a code point below U+0100.
    private static func writeEscape(_ codePoint: UInt8, to output: inout [UInt8]) {
        output += #"\u00"#.utf8
        output.append(hexDigits[Int(codePoint >> 4)])
        output.append(hexDigits[Int(codePoint & 0xF)])
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
