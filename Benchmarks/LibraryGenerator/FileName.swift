/// Turns a tag value into a file or folder name the way taggers such as Picard do: a slash
/// would make a subfolder and becomes "_"; leading dots (hidden files) and trailing dots
/// and spaces go.
enum FileName {
    static func safe(_ text: String) -> String {
        var name = text.replacingOccurrences(of: "/", with: "_")
        while name.hasPrefix(".") { name.removeFirst() }
        while name.hasSuffix(".") || name.hasSuffix(" ") { name.removeLast() }
        return name.isEmpty ? "_" : name
    }

    /// "03" for 3: two digits at least, so that names sort in play order.
    static func number(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
