import Foundation

/// The hint an `#EXTINF:<seconds>,<Artist> - <Title>` line gives about the next entry.
/// The text has no standard form; like VLC, the first " - " splits artist from title.
public struct ExtInf: Sendable, Hashable {
    /// Seconds, nil when unknown (-1) or unreadable.
    public var duration: Int?
    public var artist: String?
    public var title: String

    public init(duration: Int?, artist: String?, title: String) {
        self.duration = duration
        self.artist = artist
        self.title = title
    }

    /// Parses what follows `#EXTINF:`; nil when there is no comma or no text after it.
    public init?(directive: Substring) {
        guard let comma = directive.firstIndex(of: ",") else { return nil }
        let head = directive[..<comma].prefix(while: { $0 != " " })
        let text = directive[directive.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        let seconds = Int(head.trimmingCharacters(in: .whitespaces))
        duration = seconds.flatMap { $0 >= 0 ? $0 : nil }
        if let dash = text.range(of: " - ") {
            let artist = text[..<dash.lowerBound].trimmingCharacters(in: .whitespaces)
            self.artist = artist.isEmpty ? nil : artist
            title = text[dash.upperBound...].trimmingCharacters(in: .whitespaces)
        } else {
            artist = nil
            title = text
        }
    }
}
