import CDWallyCore
import CDWallyVocabulary
import Testing

@testable import CDWallyControl

/// The `status --json` shape, built from player snapshots.
@Suite struct ControlStatusTests {
    static let album = Album(
        id: AlbumID(identityKey: "miles davis\u{1F}kind of blue"), albumArtist: "Miles Davis",
        title: "Kind of Blue", date: "1959-08-17", year: 1959,
        tracks: [
            AlbumTrack(
                path: RawPath("/music/Kind of Blue/01 So What.flac"), disc: 1, track: 1, title: "So What",
                artist: "Miles Davis", duration: 562.2),
            AlbumTrack(
                path: RawPath(
                    bytes: Array("/music/Kind of Blue/02 Freddie ".utf8) + [0xE9] + Array(".flac".utf8)),
                disc: 1, track: nil, title: "Freddie \"Freeloader\"", artist: "Miles Davis", duration: 589.9),
        ], directories: [RawPath("/music/Kind of Blue")])
    static let wallet = Wallet(discs: [album], total: 1, capacity: 20)

    @Test func aPlayingSnapshotGivesTheDocumentedShapeInOrder() {
        let snapshot = PlayerSnapshot(
            state: .playing, disc: CurrentDisc(album: Self.album, position: 1), trackIndex: 2,
            track: Self.album.tracks[1], elapsed: 12.3456, duration: 590.0004, wallet: Self.wallet)
        let id = Self.album.id.rawValue
        #expect(
            PlayerStatus(snapshot: snapshot).json.serialized(pretty: false)
                == #"{"state":"playing","disc":{"position":1,"id":"\#(id)","albumArtist":"Miles Davis","#
                + #""album":"Kind of Blue","year":1959,"trackCount":2},"trackIndex":2,"#
                + #""track":{"index":2,"disc":1,"track":null,"#
                + #""title":"Freddie \"Freeloader\"","artist":"Miles Davis","#
                + #""path":"/music/Kind of Blue/02 Freddie \#u{FFFD}.flac","duration":590},"#
                + #""elapsed":12.346,"position":12.346,"duration":590,"trackCount":2,"volume":100,"muted":false,"#
                + #""volumeLimit":100,"volumeMin":0,"sleep":null,"shuffle":false,"waitingForOutput":false,"waitingFor":null,"notAnswering":null}"#
        )
    }

    @Test func discAndTrackReadAsTheyDoInDiscsAndTracks() throws {
        let snapshot = PlayerSnapshot(
            state: .paused, disc: CurrentDisc(album: Self.album, position: 1), trackIndex: 1,
            track: Self.album.tracks[0], elapsed: 3, duration: nil, wallet: Self.wallet)
        let json = PlayerStatus(snapshot: snapshot).json
        // `discs`' reference, then what the web's state has always added.
        guard case .object(let reference) = AlbumJSON.discReference(Self.album, position: 1) else {
            throw Missing()
        }
        #expect(json["disc"] == .object(reference + [("year", .int(1959)), ("trackCount", .int(2))]))
        // Without mpv's measure, the tags' estimate.
        #expect(json["track"] == AlbumJSON.track(Self.album.tracks[0], index: 1))
    }

    @Test func idleHasNoDiscNoTrackAndNoTracks() {
        let json = PlayerStatus(snapshot: .idle(wallet: Self.wallet)).json
        #expect(
            json.serialized(pretty: false)
                == #"{"state":"idle","disc":null,"trackIndex":null,"track":null,"elapsed":0,"position":0,"#
                + #""duration":null,"trackCount":0,"#
                + #""volume":100,"muted":false,"volumeLimit":100,"volumeMin":0,"sleep":null,"shuffle":false,"#
                + #""waitingForOutput":false,"#
                + #""waitingFor":null,"notAnswering":null}"#)
    }

    @Test func aDiscTheWalletDroppedHasANullPosition() throws {
        let snapshot = PlayerSnapshot(
            state: .stopped, disc: CurrentDisc(album: Self.album, position: nil), trackIndex: 1,
            track: Self.album.tracks[0], elapsed: 61.5, duration: 562.25, wallet: .empty)
        let json = PlayerStatus(snapshot: snapshot).json
        #expect(json["state"] == .string("stopped"))
        #expect(json["disc"]?["position"] == .null)
        #expect(json["track"]?["duration"] == .double(562.25))
        #expect(json["elapsed"] == .double(61.5) && json["position"] == .double(61.5))
    }

    @Test func theStatusReadsBackFromItsJSON() throws {
        let snapshot = PlayerSnapshot(
            state: .playing, disc: CurrentDisc(album: Self.album, position: nil), trackIndex: 2,
            track: Self.album.tracks[1], elapsed: 7.5, duration: 590.25, wallet: Self.wallet)
        let status = PlayerStatus(snapshot: snapshot)
        let parsed = try JSONValue(parsing: Array(status.json.serialized().utf8))
        #expect(try PlayerStatus(json: parsed) == status)
        let idle = PlayerStatus(snapshot: .idle(wallet: .empty))
        #expect(try PlayerStatus(json: JSONValue(parsing: Array(idle.json.serialized().utf8))) == idle)
    }

    @Test func waitingForTheOutputIsSaidAndReadsBackAndAnOlderPlayerIsNotWaiting() throws {
        var snapshot = PlayerSnapshot(
            state: .playing, disc: CurrentDisc(album: Self.album, position: 1), trackIndex: 1,
            track: Self.album.tracks[0], elapsed: 4, duration: 562.2, wallet: Self.wallet)
        snapshot.waitingForOutput = true
        let status = PlayerStatus(snapshot: snapshot)
        #expect(status.json["waitingForOutput"] == .bool(true))
        #expect(try PlayerStatus(json: JSONValue(parsing: Array(status.json.serialized().utf8))) == status)
        let older = try PlayerStatus(
            json: JSONValue(parsing: Array(#"{"state":"idle","position":0,"trackCount":0}"#.utf8)))
        #expect(!older.waitingForOutput)
    }

    /// A `serve` whose library disk is not mounted yet says what it waits for.
    @Test func whatThePlayerWaitsForIsSaidAndReadsBack() throws {
        let status = PlayerStatus(
            state: .idle, disc: nil, track: nil, elapsed: 0, trackCount: 0, waitingFor: "/srv/music")
        #expect(status.json["waitingFor"] == .string("/srv/music"))
        #expect(try PlayerStatus(json: JSONValue(parsing: Array(status.json.serialized().utf8))) == status)
        let older = try PlayerStatus(
            json: JSONValue(parsing: Array(#"{"state":"idle","position":0,"trackCount":0}"#.utf8)))
        #expect(older.waitingFor == nil)
    }

    /// A library whose network share does not answer is said, and reads back.
    @Test func aLibraryThatDoesNotAnswerIsSaidAndReadsBack() throws {
        var status = PlayerStatus(state: .playing, disc: nil, track: nil, elapsed: 12, trackCount: 0)
        status.notAnswering = "/mnt/nas"
        #expect(status.json["notAnswering"] == .string("/mnt/nas"))
        #expect(try PlayerStatus(json: JSONValue(parsing: Array(status.json.serialized().utf8))) == status)
        let older = try PlayerStatus(
            json: JSONValue(parsing: Array(#"{"state":"idle","position":0,"trackCount":0}"#.utf8)))
        #expect(older.notAnswering == nil)
    }

    @Test func aMalformedStatusIsRefused() throws {
        for text in [
            #"{"state":"spinning","position":0,"trackCount":0}"#, #"{"state":"idle","trackCount":0}"#,
            #"{"state":"idle","position":0,"trackCount":0,"disc":{"id":3}}"#, "[]",
        ] {
            #expect(throws: PlayerStatus.Malformed.self) {
                try PlayerStatus(json: JSONValue(parsing: Array(text.utf8)))
            }
        }
    }
}

private struct Missing: Error {}
