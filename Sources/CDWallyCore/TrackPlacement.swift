/// Where a track sits in its album when the tags are silent: the disc from a folder named
/// like `CD1`, `CD 2`, `Disc 3`, `disc3`, and the disc and track from a file name like
/// `03 - Song` or `1-03 Song` (docs/PRODUCT.md §3, §8). Tags always win over these.
public enum TrackPlacement {
    /// The disc number a folder name announces: "CD1", "CD 2", "Disc 3", "disc3", "Disk-04",
    /// "CD1 - The Early Years". Nil for any other name.
    public static func discNumber(folderName name: String) -> Int? {
        let lower = name.lowercased()
        guard let prefix = ["disc", "disk", "cd"].first(where: { lower.hasPrefix($0) }) else { return nil }
        var rest = lower.dropFirst(prefix.count)
        rest = rest.drop(while: { $0 == " " || $0 == "-" || $0 == "_" || $0 == "." })
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count <= 3, let number = Int(digits), number > 0 else { return nil }
        let after = rest.dropFirst(digits.count)
        // "CD1 - Title" is a disc folder; "CD10Songs" or "Discography2" is not.
        guard after.isEmpty || after.first == " " || after.first == "-" || after.first == "_" else {
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

    /// How many ASCII digits stand at `start`.
    private static func digitCount(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < scalars.count, scalars[end].isASCII, scalars[end].properties.numericType != nil {
            end += 1
        }
        return end - start
    }
}
