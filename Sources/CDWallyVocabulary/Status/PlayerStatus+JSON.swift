import CDWallyCore

extension PlayerStatus {
    /// The one status shape (`status --json`, the socket, and the web's state inside its
    /// revisions), a superset of the socket's and the web's former shapes. `disc` and `track`
    /// read as `discReference` and `track` of `AlbumJSON` do in `discs` and `tracks`, except
    /// that a disc's position may be null.
    public var json: JSONValue { .object(members) }

    /// `json`'s members in their order, for a door that adds its own around them.
    public var members: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("state", .string(state.rawValue)),
            (
                "disc",
                disc.map {
                    .object([
                        ("position", .int($0.position)), ("id", .string($0.id)),
                        ("albumArtist", .string($0.albumArtist)), ("album", .string($0.album)),
                        ("year", .int($0.year)), ("trackCount", .int($0.trackCount)),
                    ])
                } ?? .null
            ),
            ("trackIndex", .int(track?.index)),
            (
                "track",
                track.map {
                    .object([
                        ("index", .int($0.index)), ("disc", .int($0.disc)), ("track", .int($0.track)),
                        ("title", .string($0.title)), ("artist", .string($0.artist)),
                        ("path", .string($0.path)), ("duration", .seconds($0.duration)),
                    ])
                } ?? .null
            ),
            ("elapsed", .seconds(elapsed)),
            // The same number under its former name, for scripts written before `elapsed`.
            ("position", .seconds(elapsed)),
            ("duration", duration.map(JSONValue.seconds) ?? .null),
            ("trackCount", .int(trackCount)),
            ("volume", .int(volume)),
            ("muted", .bool(muted)),
            ("volumeLimit", .int(volumeLimit)),
            ("volumeMin", .int(volumeMin)),
            ("sleep", sleepJSON),
            ("shuffle", .bool(shuffle)),
            ("waitingForOutput", .bool(waitingForOutput)),
            ("waitingFor", .string(waitingFor)),
            ("notAnswering", .string(notAnswering)),
        ]
        if let setup { members.append(("player", setup.json)) }
        // Absent until a card is read: a box with no reader keeps the shape it always had.
        if let lastCard { members.append(("lastCard", lastCard.json)) }
        return members
    }

    private var sleepJSON: JSONValue {
        switch sleep {
        case .secondsLeft(let seconds)?:
            .object(
                [("mode", .string("timer")), ("remaining", .int(seconds))]
                    + (sleepUntil.map { [("until", .seconds($0))] } ?? []))
        case .endOfDisc?: .object([("mode", .string("end-of-disc"))])
        case nil: .null
        }
    }

    /// Why a status read from the wire is not one; `reason` names what is wrong.
    public struct Malformed: Error, Sendable, Hashable {
        public var reason: String
    }

    /// Reads the shape back; fields it does not know are ignored.
    public init(json: JSONValue) throws(Malformed) {
        guard case .object = json else { throw Self.invalid("status is not an object") }
        guard let stateName = json["state"]?.stringValue, let state = PlaybackState(rawValue: stateName)
        else {
            throw Self.invalid("status has no known \"state\"")
        }
        // An older player sends only "position".
        guard let elapsed = (json["elapsed"] ?? json["position"])?.doubleValue,
            let trackCount = json["trackCount"]?.intValue
        else {
            throw Self.invalid("status lacks \"elapsed\" or \"trackCount\"")
        }
        var sleep: Sleep?
        switch json["sleep"]?["mode"]?.stringValue {
        case "timer": sleep = json["sleep"]?["remaining"]?.intValue.map { .secondsLeft($0) }
        case "end-of-disc": sleep = .endOfDisc
        default: sleep = nil
        }
        self.init(
            state: state, disc: try Self.disc(json["disc"]), track: try Self.track(json["track"]),
            elapsed: elapsed, trackCount: trackCount, volume: json["volume"]?.intValue ?? 100,
            muted: json["muted"]?.boolValue ?? false, sleep: sleep,
            waitingForOutput: json["waitingForOutput"]?.boolValue ?? false,
            waitingFor: json["waitingFor"]?.stringValue, setup: Setup(json: json["player"]),
            duration: json["duration"]?.doubleValue, sleepUntil: json["sleep"]?["until"]?.doubleValue,
            shuffle: json["shuffle"]?.boolValue ?? false
        )
        volumeLimit = json["volumeLimit"]?.intValue
        notAnswering = json["notAnswering"]?.stringValue
        volumeMin = json["volumeMin"]?.intValue
        lastCard = LastCard(json: json["lastCard"])
    }

    private static func disc(_ value: JSONValue?) throws(Malformed) -> Disc? {
        guard let value, value != .null else { return nil }
        guard let id = value["id"]?.stringValue, let albumArtist = value["albumArtist"]?.stringValue,
            let album = value["album"]?.stringValue
        else { throw invalid("status has a malformed \"disc\"") }
        return Disc(
            position: value["position"]?.intValue, id: id, albumArtist: albumArtist, album: album,
            year: value["year"]?.intValue, trackCount: value["trackCount"]?.intValue)
    }

    private static func track(_ value: JSONValue?) throws(Malformed) -> Track? {
        guard let value, value != .null else { return nil }
        guard let index = value["index"]?.intValue, let disc = value["disc"]?.intValue,
            let title = value["title"]?.stringValue, let artist = value["artist"]?.stringValue,
            let path = value["path"]?.stringValue, let duration = value["duration"]?.doubleValue
        else { throw invalid("status has a malformed \"track\"") }
        return Track(
            index: index, disc: disc, track: value["track"]?.intValue, title: title, artist: artist,
            path: path,
            duration: duration)
    }

    private static func invalid(_ reason: String) -> Malformed {
        Malformed(reason: reason)
    }
}
