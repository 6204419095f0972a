/// Reads the subset of TOML that a config file needs: `[table]` and `[a.b]` headers, bare,
/// quoted and dotted keys, basic and literal strings, integers, floats, booleans and arrays
/// (which may span lines), and comments. Written by hand because the one Swift TOML library
/// our package mirror offers cannot resolve its own dependencies here; anything outside the
/// subset is a clear error with its line, never a silent misreading.
public struct TOMLReader {
    public struct SyntaxError: Error, Sendable, Equatable {
        public var line: Int
        public var message: String
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1

    public static func parse(_ text: String) throws(SyntaxError) -> TOMLTable {
        var reader = TOMLReader(scalars: Array(text.unicodeScalars))
        return try reader.document()
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private mutating func document() throws(SyntaxError) -> TOMLTable {
        var root = TOMLTable()
        var currentPath: [String] = []
        var definedTables: Set<[String]> = []
        while true {
            skipSpaceCommentsAndNewlines()
            guard let scalar = peek() else { break }
            if scalar == "[" {
                advance()
                if peek() == "[" { throw fail("arrays of tables ([[...]]) are not supported") }
                skipSpaces()
                let path = try keyPath()
                skipSpaces()
                try expect("]")
                guard definedTables.insert(path).inserted else {
                    throw fail("table [\(path.joined(separator: "."))] is defined twice")
                }
                currentPath = path
                try ensureTable(&root, at: path)
            } else {
                let keyLine = line
                let path = try keyPath()
                skipSpaces()
                try expect("=")
                skipSpaces()
                let value = try self.value()
                try insert(&root, at: currentPath + path, value, line: keyLine)
            }
            try endOfLine()
        }
        return root
    }

    // MARK: Keys and tables

    private mutating func keyPath() throws(SyntaxError) -> [String] {
        var parts = [try key()]
        skipSpaces()
        while peek() == "." {
            advance()
            skipSpaces()
            parts.append(try key())
            skipSpaces()
        }
        return parts
    }

    private mutating func key() throws(SyntaxError) -> String {
        switch peek() {
        case "\"": return try basicString()
        case "'": return try literalString()
        default:
            var name = ""
            while let scalar = peek(), scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                    || scalar == "-"
            {
                name.unicodeScalars.append(scalar)
                advance()
            }
            guard !name.isEmpty else { throw fail("expected a key name") }
            return name
        }
    }

    private func ensureTable(_ table: inout TOMLTable, at path: [String]) throws(SyntaxError) {
        guard let first = path.first else { return }
        var child: TOMLTable
        switch table[first]?.value {
        case nil: child = TOMLTable()
        case .table(let existing): child = existing
        case .some: throw fail("\(first) is a value, not a table")
        }
        try ensureTable(&child, at: Array(path.dropFirst()))
        table.set(first, .table(child), line: table[first]?.line ?? line)
    }

    private func insert(_ table: inout TOMLTable, at path: [String], _ value: TOMLValue, line: Int)
        throws(SyntaxError)
    {
        guard let first = path.first else { return }
        if path.count == 1 {
            if table[first] != nil { throw fail("\(first) is set twice") }
            table.set(first, value, line: line)
            return
        }
        var child: TOMLTable
        switch table[first]?.value {
        case nil: child = TOMLTable()
        case .table(let existing): child = existing
        case .some: throw fail("\(first) is a value, not a table")
        }
        try insert(&child, at: Array(path.dropFirst()), value, line: line)
        table.set(first, .table(child), line: table[first]?.line ?? line)
    }

    // MARK: Values

    private mutating func value() throws(SyntaxError) -> TOMLValue {
        switch peek() {
        case "\"":
            if lookingAt("\"\"\"") { throw fail("multi-line strings are not supported") }
            return .string(try basicString())
        case "'":
            if lookingAt("'''") { throw fail("multi-line strings are not supported") }
            return .string(try literalString())
        case "[": return try array()
        case "{": throw fail("inline tables are not supported; use a [table] section")
        case nil: throw fail("expected a value")
        default: return try bareValue()
        }
    }

    private mutating func array() throws(SyntaxError) -> TOMLValue {
        advance()
        var elements: [TOMLValue] = []
        while true {
            skipSpaceCommentsAndNewlines()
            if peek() == "]" {
                advance()
                return .array(elements)
            }
            elements.append(try value())
            skipSpaceCommentsAndNewlines()
            if peek() == "," {
                advance()
            } else if peek() != "]" {
                throw fail("expected , or ] in array")
            }
        }
    }

    private mutating func bareValue() throws(SyntaxError) -> TOMLValue {
        var word = ""
        while let scalar = peek(), !" \t\r\n#,]".unicodeScalars.contains(scalar) {
            word.unicodeScalars.append(scalar)
            advance()
        }
        switch word {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        default: break
        }
        let digits = word.replacingUnderscores()
        if let integer = Int(digits) { return .integer(integer) }
        if digits.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let number = Double(digits) {
            return .float(number)
        }
        throw fail(word.isEmpty ? "expected a value" : "cannot read the value \(word) (strings need quotes)")
    }

    private mutating func basicString() throws(SyntaxError) -> String {
        advance()
        var text = ""
        while let scalar = peek() {
            if scalar == "\n" { throw fail("string not closed before the end of the line") }
            advance()
            switch scalar {
            case "\"": return text
            case "\\": text.unicodeScalars.append(try escape())
            default: text.unicodeScalars.append(scalar)
            }
        }
        throw fail("string not closed")
    }

    private mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
        guard let scalar = peek() else { throw fail("unfinished escape") }
        advance()
        switch scalar {
        case "\"": return "\""
        case "\\": return "\\"
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "u", "U":
            let count = scalar == "u" ? 4 : 8
            var hex = ""
            for _ in 0..<count {
                guard let digit = peek() else { break }
                hex.unicodeScalars.append(digit)
                advance()
            }
            guard hex.count == count, let code = UInt32(hex, radix: 16), let result = Unicode.Scalar(code)
            else {
                throw fail("bad unicode escape \\\(scalar)\(hex)")
            }
            return result
        default: throw fail("unknown escape \\\(scalar)")
        }
    }

    private mutating func literalString() throws(SyntaxError) -> String {
        advance()
        var text = ""
        while let scalar = peek() {
            if scalar == "\n" { throw fail("string not closed before the end of the line") }
            advance()
            if scalar == "'" { return text }
            text.unicodeScalars.append(scalar)
        }
        throw fail("string not closed")
    }

    // MARK: Scanning

    private func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func lookingAt(_ text: String) -> Bool {
        let wanted = Array(text.unicodeScalars)
        return index + wanted.count <= scalars.count
            && Array(scalars[index..<(index + wanted.count)]) == wanted
    }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1 }
        index += 1
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(SyntaxError) {
        guard peek() == scalar else { throw fail("expected \(scalar)") }
        advance()
    }

    private mutating func skipSpaces() {
        while let scalar = peek(), scalar == " " || scalar == "\t" { advance() }
    }

    private mutating func skipComment() {
        if peek() == "#" { while let scalar = peek(), scalar != "\n" { advance() } }
    }

    private mutating func skipSpaceCommentsAndNewlines() {
        while let scalar = peek() {
            if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n" {
                advance()
            } else if scalar == "#" {
                skipComment()
            } else {
                return
            }
        }
    }

    /// After a value or header only spaces and a comment may follow on the line.
    private mutating func endOfLine() throws(SyntaxError) {
        skipSpaces()
        skipComment()
        if peek() == "\r" { advance() }
        guard peek() == nil || peek() == "\n" else { throw fail("unexpected text after the value") }
    }

    private func fail(_ message: String) -> SyntaxError {
        SyntaxError(line: line, message: message)
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(filter { $0 != "_" }) }
}
