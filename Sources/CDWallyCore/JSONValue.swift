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
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    private func write(to output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value):
            if value.isFinite {
                output += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            } else {
                output += "null"
            }
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let values):
            writeContainer(
                values.map { (nil, $0) }, open: "[", close: "]", to: &output, pretty: pretty, indent: indent)
        case .object(let members):
            writeContainer(
                members.map { ($0.0, $0.1) }, open: "{", close: "}", to: &output, pretty: pretty,
                indent: indent)
        }
    }

    private func writeContainer(
        _ items: [(String?, JSONValue)], open: String, close: String, to output: inout String, pretty: Bool,
        indent: Int
    ) {
        output += open
        if items.isEmpty {
            output += close
            return
        }
        let padding = pretty ? String(repeating: " ", count: indent + 2) : ""
        for (offset, (key, value)) in items.enumerated() {
            if offset > 0 { output += "," }
            if pretty { output += "\n" + padding }
            if let key {
                JSONValue.writeString(key, to: &output)
                output += pretty ? ": " : ":"
            }
            value.write(to: &output, pretty: pretty, indent: indent + 2)
        }
        if pretty { output += "\n" + String(repeating: " ", count: indent) }
        output += close
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
