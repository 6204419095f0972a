import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation

/// A player in memory, for the doors' tests: what a door reads (`PlayerView`) and where it
/// sends (`PlayerInbox`), with the CD player's rules at their plainest and no audio. Time
/// stands still: the place moves only by a seek, a track change, or `play(at:)`.
///
/// It keeps what a door can see of the real player: the states, the disc and track, the
/// refusals of a disc or track out of range and a level above `volume_max`, the levels the
/// bounds allow, mute, shuffle, and the events a change sends (`snapshotChanged` on every
/// change, `trackChanged` on a track's start, `seeked` on a seek, `discFinished` past the last
/// track). The sleep timer is shown as set and never runs out; nothing plays on by itself, and
/// nothing is saved. The engine's own rules are tested in CDWallyPlayerTests;
/// each door has tests over the real player besides (DESIGN.md §7 says which).
public final class MemoryPlayer: PlayerView, PlayerInbox {
    private struct State {
        var snapshot: PlayerSnapshot
        var commands: [PlayerCommand] = []
        var failure: PlayerError?
        var isShutDown = false
        var subscribers: [Int: AsyncStream<PlayerEvent>.Continuation] = [:]
        var nextSubscriber = 0
        var resumePoints: [AlbumID: ResumePoint] = [:]
        var totals: [AlbumID: DiscTotals] = [:]
    }

    private let state: LockedValue<State>

    public init(wallet: Wallet, volumeBounds: VolumeBounds = VolumeBounds()) {
        var snapshot = PlayerSnapshot.idle(wallet: wallet)
        snapshot.volumeBounds = volumeBounds
        snapshot.volume = volumeBounds.startLevel(saved: nil)
        state = LockedValue(State(snapshot: snapshot))
    }

    // MARK: PlayerView

    public var snapshot: PlayerSnapshot { state.current.snapshot }

    public func events() -> AsyncStream<PlayerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PlayerEvent.self)
        let id = state.withLock { state -> Int? in
            guard !state.isShutDown else { return nil }
            defer { state.nextSubscriber += 1 }
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [state] _ in
            _ = state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    public func resumePoint(for album: Album) -> ResumePoint? { state.current.resumePoints[album.id] }

    public var listeningTotals: [AlbumID: DiscTotals] { state.current.totals }

    // MARK: PlayerInbox

    /// Carries `command` out at once, in the caller's order, and answers before returning.
    public func send(_ command: PlayerCommand, reply: @escaping PlayerReply) {
        let result = state.withLock { state -> Result<PlayerSnapshot, PlayerError> in
            state.commands.append(command)
            if state.isShutDown { return .failure(.shutDown) }
            if let failure = state.failure {
                state.failure = nil
                return .failure(failure)
            }
            var rules = Rules(snapshot: state.snapshot, resumePoints: state.resumePoints)
            do throws(PlayerError) {
                try rules.carryOut(command)
            } catch {
                return .failure(error)
            }
            let changed = rules.snapshot != state.snapshot
            state.snapshot = rules.snapshot
            let events = rules.events + (changed ? [.snapshotChanged(rules.snapshot)] : [])
            // Under the lock, so every subscriber sees the events in the commands' order.
            for event in events { for subscriber in state.subscribers.values { subscriber.yield(event) } }
            return .success(rules.snapshot)
        }
        reply(result)
    }

    // MARK: What a test sets and reads

    /// The commands received, in order, refused ones included.
    public var commands: [PlayerCommand] { state.current.commands }

    /// The next command fails with `error`, whatever it is.
    public func failNext(with error: PlayerError) {
        state.withLock { $0.failure = error }
    }

    /// Where `album` would resume, as the real player's resume store says.
    public func setResumePoint(_ point: ResumePoint?, for album: AlbumID) {
        state.withLock { $0.resumePoints[album] = point }
    }

    public func setListeningTotals(_ totals: [AlbumID: DiscTotals]) {
        state.withLock { $0.totals = totals }
    }

    /// As the real player's shutdown: the streams end, later commands fail with `.shutDown`.
    public func shutdown() {
        let subscribers = state.withLock { state in
            state.isShutDown = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}

/// The rules, on one snapshot; the events they send.
private struct Rules {
    var snapshot: PlayerSnapshot
    let resumePoints: [AlbumID: ResumePoint]
    var events: [PlayerEvent] = []

    mutating func carryOut(_ command: PlayerCommand) throws(PlayerError) {
        let active = snapshot.state == .playing || snapshot.state == .paused
        switch command {
        case .play(let position, let fromStart):
            try play(position ?? snapshot.disc?.position ?? 1, fromStart: fromStart)
        case .pause:
            if snapshot.state == .playing { snapshot.state = .paused }
        case .resume:
            try resume()
        case .toggle:
            if snapshot.state == .playing { snapshot.state = .paused } else { try resume() }
        case .stop:
            if active { snapshot.state = .stopped }
        case .next:
            guard active, let track = snapshot.trackIndex, let album = snapshot.disc?.album else { return }
            if track < album.tracks.count { start(track: track + 1) } else { finish(album) }
        case .previous:
            guard active, let track = snapshot.trackIndex else { return }
            if snapshot.elapsed < 3 && track > 1 { start(track: track - 1) } else { seek(to: 0) }
        case .track(let number):
            guard let album = snapshot.disc?.album else { return }
            guard album.tracks.indices.contains(number - 1) else {
                throw .trackOutOfRange(requested: number, trackCount: album.tracks.count, album: album.title)
            }
            start(track: number)
        case .seek(let target):
            guard active else { return }
            switch target {
            case .absolute(let seconds): seek(to: seconds)
            case .relative(let seconds): seek(to: snapshot.elapsed + seconds)
            }
        case .nextDisc:
            try play(cycled(by: 1), fromStart: false)
        case .previousDisc:
            try play(cycled(by: -1), fromStart: false)
        case .randomDisc:
            try play(Int.random(in: 1...max(1, snapshot.wallet.discs.count)), fromStart: false)
        case .volume(let change):
            try changeVolume(change)
        case .sleep(let request):
            switch request {
            case .after(let seconds): snapshot.sleep = .at(Date(timeIntervalSinceNow: seconds))
            case .endOfDisc: snapshot.sleep = .endOfDisc
            case .off: snapshot.sleep = nil
            }
        case .shuffle(let on):
            guard snapshot.disc != nil else { throw .noDiscToShuffle }
            snapshot.shuffle = on ?? !snapshot.shuffle
        }
    }

    private mutating func play(_ position: Int, fromStart: Bool) throws(PlayerError) {
        guard let album = snapshot.wallet.disc(at: position) else {
            throw .discOutOfRange(requested: position, walletSize: snapshot.wallet.discs.count)
        }
        if !fromStart, snapshot.disc?.album.id == album.id, snapshot.state == .paused {
            snapshot.state = .playing
            return
        }
        let point = fromStart ? .start : resumePoints[album.id] ?? .start
        snapshot.disc = CurrentDisc(album: album, position: position)
        snapshot.state = .playing
        start(track: point.track)
        if point.position > 0 { snapshot.elapsed = point.position }
    }

    private mutating func resume() throws(PlayerError) {
        switch snapshot.state {
        case .paused: snapshot.state = .playing
        case .playing: break
        case .idle, .stopped: try play(snapshot.disc?.position ?? 1, fromStart: false)
        }
    }

    private mutating func start(track number: Int) {
        snapshot.trackIndex = number
        snapshot.track = snapshot.disc?.album.tracks[number - 1]
        snapshot.elapsed = 0
        snapshot.duration = snapshot.track?.duration
        events.append(.trackChanged(snapshot))
    }

    private mutating func seek(to seconds: Double) {
        snapshot.elapsed = max(0, seconds)
        events.append(.seeked(snapshot))
    }

    private mutating func finish(_ album: Album) {
        snapshot.state = .stopped
        snapshot.trackIndex = 1
        snapshot.track = album.tracks.first
        snapshot.elapsed = 0
        events.append(.discFinished(album))
    }

    private func cycled(by step: Int) -> Int {
        let count = max(1, snapshot.wallet.discs.count)
        guard let position = snapshot.disc?.position else { return 1 }
        return (position - 1 + step + count) % count + 1
    }

    private mutating func changeVolume(_ change: VolumeChange) throws(PlayerError) {
        let bounds = snapshot.volumeBounds
        switch change {
        case .set(let level) where !(0...bounds.maximum).contains(level),
            .by(let level) where abs(level) > bounds.maximum:
            throw .volumeOutOfRange(requested: change.text, maximum: bounds.maximum)
        case .set(let level):
            (snapshot.volume, snapshot.muted) = (bounds.clamped(level), false)
        case .by(let steps):
            (snapshot.volume, snapshot.muted) = (bounds.clamped(snapshot.volume + steps), false)
        case .mute: snapshot.muted = true
        case .unmute: snapshot.muted = false
        case .toggleMute: snapshot.muted.toggle()
        }
    }
}
