import CDWallyCore
import CDWallySystem
import Foundation
import TestSupport

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// A `PlayerEngine` on a `ScriptedMPV`, with a real resume store and listening log in a
/// private folder: the test plays mpv's part, event by event, as mpv would send them.
///
/// The album's files need not exist: nothing opens them.
final class EngineHarness {
    let engine: PlayerEngine
    let mpv = ScriptedMPV()
    let store: ResumeStore
    let album: Album
    let directory: TemporaryDirectory
    private let recorded = LockedValue<[PlayerEvent]>([])
    private let hub: EventHub
    private let listener: Task<Void, Never>
    /// The entry ids given to the current load's `loadfile` replies, in track order.
    private(set) var entries: [Int64] = []
    private var nextEntry: Int64 = 101
    private var answeredAppends = 0

    /// A wallet of one album of `tracks` tracks, `seconds` long each.
    init(tracks: Int = 3, seconds: Double = 30, endOfDisc: EndOfDiscAction = .stop) throws {
        directory = try TemporaryDirectory()
        let folder = RawPath("/music/Scripted/Shell")
        album = Album(
            id: AlbumID(identityKey: "scripted\u{1F}shell"), albumArtist: "Scripted", title: "Shell",
            tracks: (1...tracks).map { number in
                AlbumTrack(
                    path: folder.appending("0\(number).flac"), disc: 1, track: number,
                    title: "Part \(number)",
                    artist: "Scripted", duration: seconds)
            },
            directories: [folder])
        var configuration = PlayerConfiguration(
            stateDirectory: directory.path.appending("state"), mpvOptions: [("ao", "alsa")],
            endOfDisc: endOfDisc)
        configuration.logger.logLevel = .critical
        store = ResumeStore(directory: configuration.stateDirectory)
        let wallet = Wallet(discs: [album], total: 1, capacity: 20)
        hub = EventHub()
        engine = PlayerEngine(
            mpv: mpv, configuration: configuration, store: store,
            log: ListeningLog(directory: configuration.stateDirectory, access: .writing), userVolume: nil,
            wallet: wallet, published: LockedValue(.idle(wallet: wallet)), hub: hub, volume: 100, muted: false
        )
        let events = hub.subscribe()
        let recorded = recorded
        listener = Task {
            for await event in events { recorded.withLock { $0.append(event) } }
        }
    }

    /// Every event the engine sent so far, in order. The hub hands events to its subscribers
    /// through a stream, so this sends a mark after them and waits for it: what the engine
    /// sent before the call is all here, and nothing is read before it arrived.
    var events: [PlayerEvent] {
        get async {
            let mark = PlayerEvent.trackSkipped(path: RawPath("\u{1}harness mark \(UUID())"), reason: "")
            hub.emit(mark)
            _ = await eventually(timeout: .seconds(10)) { recorded.current.contains(mark) }
            return recorded.current.filter { event in
                guard case .trackSkipped(let path, _) = event else { return true }
                return !path.description.hasPrefix("\u{1}harness mark")
            }
        }
    }

    func snapshot() async -> PlayerSnapshot { await engine.makeSnapshot() }

    /// Sends `command` as a front end would, on its own task: a command that starts
    /// playback waits for mpv's part, which the test plays meanwhile.
    func send(_ command: PlayerCommand) -> Task<PlayerSnapshot, any Error> {
        Task { [engine] in try await engine.perform(command) }
    }

    /// Waits until the engine posted `count` requests named `name` in all.
    @discardableResult
    func posts(_ name: String, count: Int = 1) async -> Bool {
        await eventually(timeout: .seconds(10)) { mpv.names().filter { $0 == name }.count >= count }
    }

    /// mpv's part of `loadfile`: the appends not yet answered (a new load's) get new entry
    /// ids, in order, which `entries` then holds.
    func answerAppends() async {
        let appends = mpv.posted.filter { $0.request.name.hasPrefix("loadfile") }.dropFirst(answeredAppends)
        answeredAppends += appends.count
        entries = []
        for posted in appends {
            entries.append(nextEntry)
            await mpv(
                .reply(
                    id: posted.id, MPVReply(status: 0, value: .map(["playlist_entry_id": .int(nextEntry)]))))
            nextEntry += 1
        }
    }

    /// Answers the latest request named `name` with `status` (an mpv error when negative).
    func answer(_ name: String, status: Int32 = 0) async {
        guard let posted = mpv.posted.last(where: { $0.request.name == name }) else { return }
        await mpv(.reply(id: posted.id, MPVReply(status: status)))
    }

    /// mpv opened track `number` (1-based) of the current load and sound flows: START_FILE,
    /// FILE_LOADED, the output it opened, PLAYBACK_RESTART.
    func starts(track number: Int, output: String? = "alsa") async {
        await mpv(.startFile(entryID: entries[number - 1]))
        await mpv(.fileLoaded)
        if let output { await mpv(.propertyChange(name: "current-ao", value: .string(output))) }
        await mpv(.playbackRestart)
    }

    func plays(at seconds: Double) async {
        await mpv(.propertyChange(name: "time-pos", value: .double(seconds)))
    }

    func ends(track number: Int, _ reason: MPVEndFileReason = .endOfFile) async {
        await mpv(.endFile(entryID: entries[number - 1], reason: reason))
    }

    /// One event from mpv, handled as `Player` hands them over.
    func mpv(_ event: MPVEvent) async {
        await engine.handle(event)
    }

    /// Starts disc 1 from its beginning and plays mpv's part up to its first sound.
    func playFirstDisc() async throws -> PlayerSnapshot {
        let playing = send(.play(disc: 1, fromStart: true))
        guard await posts("playlist-play-index") else {
            throw TestFailure("the engine posted no playlist-play-index")
        }
        await answerAppends()
        await starts(track: 1)
        return try await playing.value
    }

    /// Shuts the engine down as `Player` does, and plays mpv's end: its last event.
    func close() async {
        await engine.shutdown()
        if mpv.quitAsked { await mpv(.shutdown) }
        await listener.value
        directory.remove()
    }
}
