import CDWallyCore
import CDWallyVocabulary
import Foundation

/// The commands: CD-player rules turned into mpv requests. Each returns once the engine's
/// state says what was asked; those that start or move playback first give mpv a moment to
/// confirm it (`waitForPlayback`).
extension PlayerEngine {
    func perform(_ command: PlayerCommand) async throws(PlayerError) -> PlayerSnapshot {
        if isShutDown { throw PlayerError.shutDown }
        if output.isStalled && !Self.worksWithoutOutput(command) { throw PlayerError.outputStalled }
        switch command {
        case .play(let position, let fromStart):
            try await play(position ?? defaultPosition(), fromStart: fromStart)
        case .pause:
            try pause()
        case .resume:
            try await resume()
        case .toggle:
            if state == .playing { try pause() } else { try await resume() }
        case .stop:
            try stop()
        case .next:
            try await next()
        case .previous:
            try await previous()
        case .track(let number):
            try await playTrack(number)
        case .seek(let target):
            try await seek(target)
        case .nextDisc:
            // The disc after one the wallet let go is the one `--then next` would play.
            let next =
                heldLeftDisc?.next(in: wallet, repeating: true)
                ?? DiscPicker.next(after: disc?.position, count: wallet.discs.count)
            try await play(next ?? 1, fromStart: false)
        case .previousDisc:
            try await play(
                DiscPicker.previous(before: disc?.position, count: wallet.discs.count) ?? 1, fromStart: false)
        case .randomDisc:
            try await play(randomPosition() ?? 1, fromStart: false)
        case .volume(let change):
            try changeVolume(change)
        case .sleep(let request):
            setSleep(request)
        case .shuffle(let on):
            try setShuffle(on)
        }
        return makeSnapshot()
    }

    /// The disc held, when the wallet let it go while it played (`LeftDisc`).
    var heldLeftDisc: LeftDisc? {
        guard let disc, disc.position == nil, let leftDisc, leftDisc.album.id == disc.album.id else {
            return nil
        }
        return leftDisc
    }

    /// A new wallet from the host (`Player.replaceWallet`): taken even while the output stalls.
    func take(_ wallet: Wallet) -> PlayerSnapshot {
        update(wallet)
        return makeSnapshot()
    }

    /// The disc `play` without a number means: the current one, else the last played, else 1.
    func defaultPosition() -> Int {
        disc?.position ?? store.position(ofLastDiscIn: wallet) ?? 1
    }

    /// A disc not played lately, by the listening memory and the resume points together (a
    /// glance too short for the memory still counts as played for the "last few").
    func randomPosition() -> Int? {
        let history = store.discs.mapValues(\.lastPlayed).merging(
            log.history.lastPlayed, uniquingKeysWith: max)
        return DiscPicker.random(in: wallet, current: disc?.album.id, lastPlayed: history, using: &randomness)
    }

    func play(_ position: Int, fromStart: Bool) async throws(PlayerError) {
        guard let album = wallet.disc(at: position) else {
            throw PlayerError.discOutOfRange(requested: position, walletSize: wallet.discs.count)
        }
        if !fromStart, queue != nil, disc?.album.id == album.id {
            // Already the disc in the player: carry on rather than reload it.
            if state == .paused { try unpause() }
            return
        }
        let start = fromStart ? ResumePoint.start : store.resumePoint(for: album) ?? .start
        try load(album, at: position, from: start)
        try await waitForPlayback()
    }

    /// Replaces mpv's playlist with the whole album, so its tracks join gaplessly, and starts
    /// it at `start`. The position goes in as the resumed file's own `start` option.
    func load(_ album: Album, at position: Int?, from start: ResumePoint) throws(PlayerError) {
        guard !album.tracks.isEmpty else { throw PlayerError.nothingPlayable(album: album.title) }
        if isActive { saveCurrent(at: elapsed) }
        endListen(finished: false)
        resolveWaiters(with: .superseded)
        stopMPV()
        let load = book.beginLoad()
        do {
            for (offset, track) in album.tracks.enumerated() {
                let resumesHere = offset + 1 == start.track && start.position > 0
                let options = resumesHere ? ["start": String(format: "%.3f", start.position)] : [:]
                try send(.append(track.path, options: options), for: .appended(load: load, index: offset))
            }
            // The level and mute as the listener left them, from the first sample.
            try applyVolumeBeforePlay()
            try send(.pause(false))
            try send(.playIndex(start.track - 1), for: .move(load: load))
            let resumed = start.position > 0 ? (index: start.track - 1, position: start.position) : nil
            place.queue(
                album, in: DiscQueue(load: load, trackCount: album.tracks.count, resumedTrack: resumed))
            if shuffle { try reorderQueue(shuffled: true, keeping: start.track) }
        } catch {
            stopMPV()
            place.abandonLoad()
            publish()
            throw error
        }
        place.start(album, at: position, from: start)
        // Saved (as playing) and logged once mpv confirms it plays (`confirmPlayback`).
        beginListen(album)
        cursorDid(.commanded(track: start.track))
        seeksDid(.loaded)
        saveCurrent(at: start.position)
        publish()
    }

    func pause() throws(PlayerError) {
        guard state == .playing, queue != nil else { return }
        try send(.pause(true))
        place.pause()
        saveCurrent(at: elapsed)
        publish()
    }

    func unpause() throws(PlayerError) {
        // The level a sleep timer faded out comes back with the music (`SleepTimer`).
        if !sleepTimer.isFading { volumeDid(.restore) }
        try send(.pause(false))
        place.play()
        listeningDid(.saved(at: .now))
        applyStartedWhilePaused()
        publish()
    }

    /// Catches up with a track mpv started while paused: on unpause, or before a seek (which
    /// mpv applies to the track it holds, so the display must hold it too).
    func applyStartedWhilePaused() {
        cursorDid(.catchUp)
    }

    func resume() async throws(PlayerError) {
        switch state {
        case .paused: try unpause()
        case .stopped, .idle: try await play(defaultPosition(), fromStart: false)
        case .playing: break
        }
    }

    func stop() throws(PlayerError) {
        halt(savedAsPlaying: false)
    }

    /// The disc's files went away under it (its disk pulled): it stops as a power cut would
    /// stop it, its place saved and still marked playing if it was, rather than skip its
    /// unreadable tracks to its end and count it finished. The host plays it on from there
    /// once the library is back (`Player.interruptedDisc`).
    func interrupt() -> PlayerSnapshot {
        halt(savedAsPlaying: state == .playing)
        return makeSnapshot()
    }

    private func halt(savedAsPlaying playing: Bool) {
        guard isActive else { return }
        saveCurrent(at: elapsed, playing: playing)
        endListen(finished: false)
        resolveWaiters(with: .superseded)
        stopMPV()
        place.stop()
        publish()
    }

    /// The next track in play order (the album's, or a shuffled one); after the last, the
    /// disc ends.
    func next() async throws(PlayerError) {
        guard isActive, let queue, let trackIndex else { return }
        guard let following = queue.order.track(after: trackIndex) else {
            discEnded()
            return
        }
        try await move(toTrack: following)
    }

    func previous() async throws(PlayerError) {
        guard isActive, let queue, let trackIndex else { return }
        if elapsed < Self.previousTrackWindow, let before = queue.order.track(before: trackIndex) {
            try await move(toTrack: before)
        } else {
            try await seek(.absolute(0))
        }
    }

    /// Moves to track `number` (1-based) of the disc in mpv, by index: mpv's current entry
    /// may be a step ahead of the listener (paused with the next track already open, or its
    /// buffer), and `playlist-next` or `-prev` would miss. The state shows the track at once;
    /// paused, it stays paused.
    func move(toTrack number: Int) async throws(PlayerError) {
        let position = queue?.order.position(ofTrack: number - 1) ?? number - 1
        try send(.playIndex(position), for: queue.map { .move(load: $0.load) })
        cursorDid(.commanded(track: number))
        place.enter(track: number, at: queue?.startPosition(ofTrack: number) ?? 0)
        if isActive { saveCurrent(at: elapsed) }
        publish()
        try await waitForPlayback()
    }

    /// Seeks within the track. The engine knows the place (where mpv was, or where the last
    /// seek went), so a relative seek becomes a place here: two `+10` sent at once move 20 s,
    /// whoever sent them. The place is saved at once, as a track change is.
    func seek(_ target: SeekTarget) async throws(PlayerError) {
        guard isActive, queue != nil else { return }
        applyStartedWhilePaused()
        let destination: Double
        switch target {
        case .relative(let seconds): destination = max(0, elapsed + seconds)
        case .absolute(let seconds): destination = max(0, seconds)
        }
        // Past the end of the track is the next track (as MPRIS says), not a place mpv
        // would report as "1:40 / 0:05" for a moment.
        if !seeks.isOpeningTrack, let duration, duration > 0, destination >= duration {
            return try await next()
        }
        elapsed = destination
        saveCurrent(at: destination)
        publish()
        // The track is starting (by itself at the end of the last one, or as asked): the seek
        // goes as soon as mpv has it open rather than fail.
        let starting = seeks.isOpeningTrack || cursor.commanded != nil
        guard try runSeeks(seeks.apply(.asked(seconds: destination, trackStarting: starting))) else { return }
        try await waitForPlayback()
    }

    /// Takes a new wallet. The disc in the player stays (found by id) and takes its new
    /// position; its album value is refreshed unless mpv holds a queue of different tracks.
    func update(_ newWallet: Wallet) {
        let oldWallet = wallet
        wallet = newWallet
        guard var current = disc else {
            publish()
            return
        }
        leftDisc = LeftDisc.after(leftDisc, holding: current.album, old: oldWallet, new: newWallet)
        current.position = newWallet.position(of: current.album.id)
        if let position = current.position, let fresh = newWallet.disc(at: position) {
            if queue == nil {
                current.album = fresh
                let start = store.resumePoint(for: fresh) ?? .start
                cursorDid(.placed(track: start.track))
                elapsed = start.position
            } else if fresh.tracks == current.album.tracks {
                current.album = fresh
            }
        }
        disc = current
        publish()
    }
}
