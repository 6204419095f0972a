import Foundation

extension JSONValue {
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Parses JSON text with Foundation's parser. Object keys come back in sorted order:
    /// readers look fields up by name, only writers promise an order.
    public init(parsing bytes: [UInt8]) throws(ParseError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw ParseError(description: "not valid JSON: \((error as NSError).localizedDescription)")
        }
        self = JSONValue.from(object)
    }

    private static func from(_ object: Any) -> JSONValue {
        switch object {
        case is NSNull: return .null
        case let number as NSNumber:
            // Foundation hands JSON booleans back as NSNumbers of C type "c" (char).
            let type = String(cString: number.objCType)
            if type == "c" { return .bool(number.boolValue) }
            if type != "d" && type != "f", let exact = Int(exactly: number.int64Value) { return .int(exact) }
            return .double(number.doubleValue)
        case let text as String: return .string(text)
        case let array as [Any]: return .array(array.map(from))
        case let dictionary as [String: Any]:
            return .object(dictionary.keys.sorted().map { ($0, from(dictionary[$0]!)) })
        default: return .null
        }
    }

    /// The member named `key` of an object, else nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .double(let value): Int(exactly: value)
        default: nil
        }
    }
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
}
