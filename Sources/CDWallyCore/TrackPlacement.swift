import Foundation

/// Where a track sits in its album when the tags are silent: the disc from a folder named
/// like `CD1`, `CD 2`, `Disc 3`, `disc3`, and the disc and track from a file name like
/// `03 - Song` or `1-03 Song`, and the disc from a marker ending the album title (`(Disc 1)`)
/// (docs/PRODUCT.md §3, §8). Tags always win over these.
public enum TrackPlacement {
    /// The disc number a folder name announces: "CD1", "CD 2", "Disc 3", "disc3", "Disk-04",
    /// "Disc Two", "CD1 - The Early Years". Nil for any other name.
    public static func discNumber(folderName name: String) -> Int? {
        discWord(name, allowingTrailingText: true)
    }

    /// A disc marker ending an album title, as CDDB-era rips write it: "The Wall (Disc 1)",
    /// "Mellon Collie [CD2]", "Live CD1", "Live - Disc Two", "Tommy (Disc 1 of 2)". Gives the
    /// title without the marker
    /// and the disc number; nil when the title ends in no marker or is nothing but one.
    public static func discMarker(inTitle title: String) -> (title: String, disc: Int)? {
        let trimmed = Substring(title).trimmingCharacters(in: .whitespaces)
        var candidates: [(marker: Substring, rest: Substring)] = []
        if let close = trimmed.last, close == ")" || close == "]",
            let open = trimmed.lastIndex(of: close == ")" ? "(" : "[")
        {
            candidates.append(
                (
                    trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)],
                    trimmed[..<open]
                ))
        }
        let words = trimmed.split(separator: " ", omittingEmptySubsequences: true)
        for count in [1, 2] where words.count > count {
            let start = words[words.count - count].startIndex
            candidates.append((trimmed[start...], trimmed[..<start]))
        }
        for (marker, rest) in candidates {
            guard let disc = discWord(String(marker), allowingTrailingText: false) else { continue }
            let base = rest.trimmingCharacters(in: CharacterSet(charactersIn: " -–,:"))
            if !base.isEmpty { return (base, disc) }
        }
        return nil
    }

    /// "one" to "twenty", for folders named "Disc One", "Disc Two".
    private static let numberWords = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ]

    /// "CD1", "Disc 2", "disk-3", "Disc Two": the number; with `allowingTrailingText`, a name
    /// or title may follow ("CD1 - The Early Years").
    private static func discWord(_ name: String, allowingTrailingText: Bool) -> Int? {
        let lower = name.lowercased()
        guard let prefix = ["disc", "disk", "cd"].first(where: { lower.hasPrefix($0) }) else { return nil }
        var rest = lower.dropFirst(prefix.count)
        rest = rest.drop(while: { $0 == " " || $0 == "-" || $0 == "_" || $0 == "." })
        let number: Int
        let after: Substring
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        if !digits.isEmpty {
            guard digits.count <= 3, let value = Int(digits), value > 0 else { return nil }
            number = value
            after = rest.dropFirst(digits.count)
        } else {
            let word = rest.prefix(while: \.isLetter)
            guard let index = numberWords.firstIndex(of: String(word)) else { return nil }
            number = index + 1
            after = rest.dropFirst(word.count)
        }
        if after.isEmpty { return number }
        // "Disc 1 of 2": the total says nothing more.
        let total = after.drop(while: { $0 == " " })
        if total.hasPrefix("of "), total.dropFirst(3).allSatisfy({ $0.isASCII && $0.isNumber }),
            total.count > 3
        {
            return number
        }
        // "CD1 - Title" is a disc folder; "CD10Songs" or "Discography2" is not.
        guard allowingTrailingText, after.first == " " || after.first == "-" || after.first == "_" else {
            return nil
        }
        return number
    }

    /// Disc and track numbers from a file name without its extension: "03 - Song" → (nil, 3),
    /// "1-03 Song" → (1, 3), "Song" → (nil, nil).
    public static func numbers(fileStem stem: String) -> (disc: Int?, track: Int?) {
        let scalars = Array(stem.unicodeScalars)
        let firstCount = digitCount(scalars, from: 0)
        guard firstCount > 0, let firstValue = Int(String(String.UnicodeScalarView(scalars[0..<firstCount])))
        else { return (nil, nil) }
        let separatorIndex = firstCount
        if firstCount <= 2, separatorIndex < scalars.count, scalars[separatorIndex] == "-" {
            let secondCount = digitCount(scalars, from: separatorIndex + 1)
            let end = separatorIndex + 1 + secondCount
            let boundary = end == scalars.count || !(scalars[end].properties.isAlphabetic)
            if secondCount >= 2, secondCount <= 3, boundary,
                let track = Int(String(String.UnicodeScalarView(scalars[(separatorIndex + 1)..<end])))
            {
                return (firstValue > 0 ? firstValue : nil, track > 0 ? track : nil)
            }
        }
        guard firstCount <= 3, firstValue > 0 else { return (nil, nil) }
        return (nil, firstValue)
    }

    /// A file name without its extension and leading numbers, for matching a moved file by
    /// name whatever its numbering: "1-02 Song 2" and "02 - Song 2" are both "Song 2". A name
    /// that is nothing but numbers ("2112") stays whole.
    public static func name(fileStem stem: String) -> String {
        let rest = stem.drop(while: { ($0.isASCII && $0.isNumber) || " -._".contains($0) })
        return rest.isEmpty ? stem : String(rest)
    }

    /// How many ASCII digits stand at `start`.
    private static func digitCount(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < scalars.count, scalars[end].isASCII, scalars[end].properties.numericType != nil {
            end += 1
        }
        return end - start
    }
}
