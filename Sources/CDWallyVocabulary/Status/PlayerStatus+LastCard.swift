import CDWallyCore
import Foundation

extension PlayerStatus {
    /// The last card a reader (or `cdwally card read`) gave the player, whatever it did: what
    /// `status`, the web and `cdwally cards` show, so that a card that played nothing can still
    /// be assigned (docs/PRODUCT.md §11).
    public struct LastCard: Sendable, Hashable {
        public enum Outcome: String, Sendable, CaseIterable {
            case played, toggled, restarted
            /// Its album was the current disc and `card_again = "ignore"`.
            case ignored
            case unknown
            /// A refusal: the album is hidden by the capacity, gone from the library, or the
            /// player said no; `detail` says why.
            case refused
            /// The player waits for its library.
            case libraryMissing = "library-missing"
            /// A command card; `detail` holds its verb's words.
            case command
            /// `cdwally card assign` waited for it and takes it.
            case assigning
        }

        /// As the reader typed it (`CardNumber.text`).
        public var number: String
        /// The reader's name or path; nil for a read over the control socket.
        public var device: String?
        /// When it was read, in seconds since 1970.
        public var at: Double
        public var outcome: Outcome
        /// The album its card line names, when one does: its id and `Artist — Album`.
        public var albumID: String?
        public var album: String?
        public var detail: String?

        public init(
            number: String, device: String?, at: Double, outcome: Outcome, albumID: String? = nil,
            album: String? = nil, detail: String? = nil
        ) {
            self.number = number
            self.device = device
            self.at = at
            self.outcome = outcome
            self.albumID = albumID
            self.album = album
            self.detail = detail
        }

        public var json: JSONValue {
            .object([
                ("number", .string(number)), ("device", .string(device)), ("at", .seconds(at)),
                ("outcome", .string(outcome.rawValue)), ("albumID", .string(albumID)),
                ("album", .string(album)), ("detail", .string(detail)),
            ])
        }

        /// Reads the shape back; nil when it is missing or malformed (an older player sends none).
        public init?(json: JSONValue?) {
            guard let json, let number = json["number"]?.stringValue, let at = json["at"]?.doubleValue,
                let outcome = json["outcome"]?.stringValue.flatMap(Outcome.init(rawValue:))
            else { return nil }
            self.init(
                number: number, device: json["device"]?.stringValue, at: at, outcome: outcome,
                albumID: json["albumID"]?.stringValue, album: json["album"]?.stringValue,
                detail: json["detail"]?.stringValue)
        }

        /// One line for people: `Last card: 0042 (Björk — Post), played at 16:05:03`.
        public var text: String {
            let time = Date(timeIntervalSince1970: at).formatted(
                Date.FormatStyle(date: .omitted, time: .standard))
            let what: String =
                switch outcome {
                case .played: "played"
                case .toggled: "played or paused"
                case .restarted: "restarted"
                case .ignored: "ignored (its album plays already)"
                case .unknown: "unknown: no album and no command has this card"
                case .refused: "refused" + (detail.map { ": \($0)" } ?? "")
                case .libraryMissing: "nothing played: the library is not there"
                case .command: "command" + (detail.map { " \($0)" } ?? "")
                case .assigning: "taken by `cdwally card assign`"
                }
            let from = device.map { " from \($0)" } ?? ""
            return "Last card: \(number)\(album.map { " (\($0))" } ?? "")\(from) at \(time), \(what)"
        }
    }
}
