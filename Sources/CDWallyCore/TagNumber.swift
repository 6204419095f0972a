/// Reads the numbers that track, disc and date tags carry in their many spellings.
public enum TagNumber {
    /// The leading number of a tag value: "3" for "3/12", "03", " 3 of 12"; nil when the
    /// value does not start with a digit or the number is 0 (a tagger's "unknown").
    public static func leading(_ text: String?) -> Int? {
        guard let text else { return nil }
        let digits = text.drop(while: { $0 == " " }).prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count <= 6, let value = Int(digits), value > 0 else { return nil }
        return value
    }

    /// The first four-digit year (1000–2999) standing on its own in `text`: 1983 for
    /// "1983-05-01", "℗ 1983 Warner" or "05/01/1983".
    public static func year(in text: String?) -> Int? {
        guard let text else { return nil }
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index].properties.numericType != nil, scalars[index].isASCII else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, scalars[end].isASCII, scalars[end].properties.numericType != nil {
                end += 1
            }
            if end - index == 4, let year = Int(String(String.UnicodeScalarView(scalars[index..<end]))),
                (1000...2999).contains(year)
            {
                return year
            }
            index = end
        }
        return nil
    }
}
