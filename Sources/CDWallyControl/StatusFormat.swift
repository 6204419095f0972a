import CDWallyCore
import CDWallyVocabulary

/// The line `cdwally status --format FORMAT` prints: FORMAT's text with each `%name%`
/// placeholder replaced by that part of the status, and `%%` by a percent sign, so a status
/// bar gets its line without `jq`. As mpc's `--format`, minus its brackets: a placeholder
/// with nothing to show (a title while idle) is empty.
///
/// Parsed once, before the player is asked: a mistake is the user's, said before anything
/// else happens.
public struct StatusFormat: Sendable, Hashable {
    /// A placeholder's name, as written between the percent signs.
    public enum Field: String, Sendable, CaseIterable {
        case state, artist, albumartist, album, title, year, disc, track, tracks, elapsed, duration
        case volume, muted, shuffle, sleep
    }

    enum Piece: Sendable, Hashable {
        case text(String)
        case field(Field)
    }

    /// Why a format cannot be read, in one line.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    let pieces: [Piece]

    public init(_ format: String) throws(Failure) {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            text += rest[..<percent]
            let afterPercent = rest.index(after: percent)
            if rest[afterPercent...].first == "%" {
                text += "%"
                rest = rest[rest.index(after: afterPercent)...]
                continue
            }
            guard let close = rest[afterPercent...].firstIndex(of: "%") else {
                throw Failure(
                    message:
                        "--format: \"\(ShownText.excerpt(String(rest[percent...])))\" opens a placeholder "
                        + "that never closes (write %% for a percent sign)")
            }
            let name = String(rest[afterPercent..<close])
            guard let field = Field(rawValue: name) else {
                throw Failure(
                    message:
                        "--format: \"%\(ShownText.excerpt(name))%\" is not a placeholder (write %% for a "
                        + "percent sign); known: "
                        + Field.allCases.map { "%\($0.rawValue)%" }.joined(separator: " "))
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            pieces.append(.field(field))
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The line for `status`: one line whatever the tags hold (their line breaks become spaces).
    public func render(_ status: PlayerStatus) -> String {
        ShownText.clean(
            pieces.map { piece in
                switch piece {
                case .text(let text): text
                case .field(let field): Self.value(of: field, in: status)
                }
            }.joined())
    }

    static func value(of field: Field, in status: PlayerStatus) -> String {
        let track = status.track
        let disc = status.disc
        switch field {
        case .state: return status.state.rawValue
        case .artist: return track?.artist ?? disc?.albumArtist ?? ""
        case .albumartist: return disc?.albumArtist ?? ""
        case .album: return disc?.album ?? ""
        case .title: return track?.title ?? ""
        case .year: return disc?.year.map(String.init) ?? ""
        case .disc: return disc?.position.map(String.init) ?? ""
        case .track: return track.map { String($0.index) } ?? ""
        case .tracks: return disc == nil ? "" : String(status.trackCount)
        case .elapsed: return track == nil ? "" : clock(status.elapsed)
        case .duration: return track.map { clock(status.duration ?? $0.duration) } ?? ""
        case .volume: return String(status.volume)
        case .muted: return status.muted ? "muted" : ""
        case .shuffle: return status.shuffle ? "shuffle" : ""
        case .sleep:
            switch status.sleep {
            case .secondsLeft(let seconds)?: return clock(Double(seconds))
            case .endOfDisc?: return "end of disc"
            case nil: return ""
            }
        }
    }

    /// `m:ss`, or `h:mm:ss` from an hour, as `cdwally status` writes times. Whole seconds
    /// rounded down: a bar's clock must not show the next second before it came.
    static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded(.down)))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0
            ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }
}
