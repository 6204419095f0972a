/// Recognises edition suffixes so that "Album (Deluxe Edition)" and "Album [Remastered]" can
/// merge with "Album" in the wallet (docs/PRODUCT.md §2, §8).
public enum EditionTitle {
    /// The words that make a trailing (…) or […] group an edition suffix, matched as whole
    /// words in any case.
    public static let editionWords: Set<String> = [
        "deluxe", "edition", "remaster", "remastered", "anniversary", "expanded", "bonus", "special",
        "version", "reissue", "legacy",
    ]

    /// The title with trailing edition groups stripped, repeatedly:
    /// "X (Deluxe) [Remastered]" → "X". A group without an edition word ("(Live)") stays.
    public static func base(of title: String) -> String {
        var current = Substring(title).trimmingTrailingSpaces()
        while let (group, rest) = trailingGroup(of: current), isEdition(group) {
            let stripped = rest.trimmingTrailingSpaces()
            if stripped.isEmpty { break }
            current = stripped
        }
        return String(current)
    }

    /// True when `title` carries at least one edition suffix.
    public static func hasEditionSuffix(_ title: String) -> Bool {
        base(of: title) != Substring(title).trimmingTrailingSpaces()
    }

    /// True when two albums of one base title and one album artist are editions of one
    /// recording, to be merged: their titles differ, and they are not different recordings,
    /// that is suffixes naming different years ("(1955 version)", "(1981 version)"), or, when
    /// the playlist lists no album of the base title itself, release years more than one year
    /// apart.
    public static func areEditions(_ lhs: Album, _ rhs: Album, baseIsListed: Bool) -> Bool {
        let left = TextKey.folded(lhs.title)
        let right = TextKey.folded(rhs.title)
        guard left != right else { return false }
        let leftYear = suffixYear(of: lhs.title)
        let rightYear = suffixYear(of: rhs.title)
        if let leftYear, let rightYear, leftYear != rightYear { return false }
        if !baseIsListed, let leftYear = lhs.year, let rightYear = rhs.year,
            abs(leftYear - rightYear) > 1
        {
            return false
        }
        return true
    }

    /// The year an edition suffix names: 1955 for "Goldberg Variations (1955 version)".
    private static func suffixYear(of title: String) -> Int? {
        let trimmed = Substring(title).trimmingTrailingSpaces()
        let base = base(of: title)
        guard trimmed.count > base.count else { return nil }
        return TagNumber.year(in: String(trimmed.dropFirst(base.count)))
    }

    /// Splits "X (group)" into the group's inside and "X ", for a final ")" or "]".
    private static func trailingGroup(of text: Substring) -> (Substring, Substring)? {
        guard let close = text.last, close == ")" || close == "]" else { return nil }
        let open: Character = close == ")" ? "(" : "["
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index] == close { depth += 1 }
            if text[index] == open {
                depth -= 1
                if depth == 0 {
                    let inside = text[text.index(after: index)..<text.index(before: text.endIndex)]
                    return (inside, text[..<index])
                }
            }
        }
        return nil
    }

    private static func isEdition(_ group: Substring) -> Bool {
        group.lowercased().split(whereSeparator: { !$0.isLetter }).contains {
            editionWords.contains(String($0))
        }
    }
}

extension Substring {
    fileprivate func trimmingTrailingSpaces() -> Substring {
        var result = self
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
