import Foundation

/// The main artist of a track credit, with featured artists set aside (docs/PRODUCT.md §3):
/// "Daft Punk feat. Pharrell Williams & Nile Rodgers" is Daft Punk's track, so an album with
/// no ALBUMARTIST tag stays one album whatever its guests.
public enum ArtistCredit {
    /// What introduces a featured artist, matched case-insensitively with the spaces around.
    private static let featuring = [
        " feat. ", " feat ", " ft. ", " ft ", " featuring ", " with ", " (feat. ", " (feat ", " [feat. ",
        " [feat ", " (ft. ", " [ft. ", " (featuring ", " [featuring ", " (with ", " [with ",
    ]

    /// "Daft Punk feat. Julian Casablancas" → "Daft Punk"; a credit with no featured artist,
    /// or one that would leave nothing, is returned as it is.
    public static func main(_ credit: String) -> String {
        // Most credits name no guest: one pass over the folded text settles those, before
        // sixteen searches that each fold it again. Every marker holds one of these words.
        let folded = credit.lowercased()
        guard folded.contains("feat") || folded.contains("ft") || folded.contains("with") else {
            return credit
        }
        let padded = credit + " "
        var cut = padded.endIndex
        for marker in featuring {
            if let range = padded.range(of: marker, options: .caseInsensitive), range.lowerBound < cut {
                cut = range.lowerBound
            }
        }
        let main = padded[..<cut].trimmingCharacters(in: .whitespaces)
        return main.isEmpty ? credit : main
    }
}
