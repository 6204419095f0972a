/// A value of the config file, with the line it was written on so that errors can point at it.
public enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([TOMLValue])
    case table(TOMLTable)

    /// How a value is named in messages: "a string", "an integer"...
    public var kindName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number"
        case .boolean: "true or false"
        case .array: "an array"
        case .table: "a table"
        }
    }

    /// The value as mpv would want it on its command line: `yes`/`no` for booleans.
    public var plainText: String? {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .float(let number): String(number)
        case .boolean(let flag): flag ? "yes" : "no"
        case .array, .table: nil
        }
    }
}

/// A TOML table: keys in the order written, each with its value and line.
public struct TOMLTable: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var key: String
        public var value: TOMLValue
        public var line: Int
    }

    public private(set) var items: [Item] = []

    public init() {}

    public subscript(key: String) -> Item? {
        items.first { $0.key == key }
    }

    mutating func set(_ key: String, _ value: TOMLValue, line: Int) {
        if let index = items.firstIndex(where: { $0.key == key }) {
            items[index] = Item(key: key, value: value, line: line)
        } else {
            items.append(Item(key: key, value: value, line: line))
        }
    }
}
