import CDWallyCore
import Foundation

/// The commands: CD-player rules turned into mpv calls. Each returns once the command took
/// effect; those that start or move playback wait for mpv to confirm it.
extension PlayerEngine {
    func perform(_ command: PlayerCommand) async throws(PlayerError) -> PlayerSnapshot {
        if isShutDown {
            if case .quit = command { return makeSnapshot() }
            throw PlayerError.shutDown
        }
        if waitingForOutput && !Self.worksWithoutOutput(command) { throw PlayerError.outputStalled }
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
            try await play(
                DiscPicker.next(after: disc?.position, count: wallet.discs.count) ?? 1, fromStart: false)
        case .previousDisc:
            try await play(
                DiscPicker.previous(before: disc?.position, count: wallet.discs.count) ?? 1, fromStart: false)
        case .randomDisc:
            try await play(randomPosition() ?? 1, fromStart: false)
        case .volume(let change):
            try changeVolume(change)
        case .sleep(let request):
            setSleep(request)
        case .updateWallet(let wallet):
            update(wallet)
        case .quit:
            await shutdown()
        }
        return makeSnapshot()
    }

    /// The disc `play` without a number means: the current one, else the last played, else 1.
    func defaultPosition() -> Int {
        disc?.position ?? store.lastDisc.flatMap { wallet.position(of: $0) } ?? 1
    }

    func randomPosition() -> Int? {
        let history = store.discs.mapValues(\.lastPlayed)
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
        if isActive { saveCurrent(at: currentPosition()) }
        resolveWaiters(with: .superseded)
        stopMPV()
        do {
            var entryIDs: [Int64] = []
            for (offset, track) in album.tracks.enumerated() {
                let resumesHere = offset + 1 == start.track && start.position > 0
                let options = resumesHere ? ["start": String(format: "%.3f", start.position)] : [:]
                entryIDs.append(try mpv.appendFile(track.path, options: options))
            }
            try mpv.setPaused(false)
            try mpv.playIndex(start.track - 1)
            let resumed = start.position > 0 ? (id: entryIDs[start.track - 1], position: start.position) : nil
            queue = DiscQueue(entryIDs: entryIDs, startedEntry: resumed)
        } catch {
            stopMPV()
            state = disc == nil ? .idle : .stopped
            publish()
            throw error
        }
        disc = CurrentDisc(album: album, position: position)
        trackIndex = start.track
        elapsed = start.position
        duration = nil
        state = .playing
        isSeeking = false
        saveCurrent(at: start.position)
        publish()
    }

    func pause() throws(PlayerError) {
        guard state == .playing, queue != nil else { return }
        try mpv.setPaused(true)
        state = .paused
        elapsed = currentPosition()
        saveCurrent(at: elapsed)
        publish()
    }

    func unpause() throws(PlayerError) {
        try mpv.setPaused(false)
        state = .playing
        lastSave = .now
        applyStartedWhilePaused()
        publish()
    }

    /// Catches up with a track mpv started while paused: on unpause, or before a seek (which
    /// mpv applies to the track it holds, so the display must hold it too).
    func applyStartedWhilePaused() {
        guard let entryID = startedWhilePaused else { return }
        startedWhilePaused = nil
        expectsTrackStart = true
        defer { expectsTrackStart = false }
        didStart(entryID)
    }

    func resume() async throws(PlayerError) {
        switch state {
        case .paused: try unpause()
        case .stopped, .idle: try await play(defaultPosition(), fromStart: false)
        case .playing: break
        }
    }

    func stop() throws(PlayerError) {
        guard isActive else { return }
        elapsed = currentPosition()
        saveCurrent(at: elapsed, playing: false)
        resolveWaiters(with: .superseded)
        stopMPV()
        state = .stopped
        duration = nil
        publish()
    }

    func next() async throws(PlayerError) {
        guard isActive, queue != nil, let disc, let trackIndex else { return }
        if trackIndex >= disc.album.tracks.count {
            discEnded()
            return
        }
        expectsTrackStart = true
        defer { expectsTrackStart = false }
        // By index, as `previous` does: mpv's current entry may be a step ahead of the
        // listener (paused with the next track already open), and `playlist-next` would
        // skip a track.
        try mpv.playIndex(trackIndex)
        try await waitForPlayback()
    }

    func previous() async throws(PlayerError) {
        guard isActive, queue != nil, let trackIndex else { return }
        expectsTrackStart = true
        defer { expectsTrackStart = false }
        if currentPosition() < Self.previousTrackWindow && trackIndex > 1 {
            // By index, not `playlist-prev`: mpv's idea of the current entry can be a step
            // ahead (its buffer) or nowhere (between two files) at a track change.
            try mpv.playIndex(trackIndex - 2)
        } else {
            try await seek(.absolute(0))
            return
        }
        try await waitForPlayback()
    }

    func seek(_ target: SeekTarget) async throws(PlayerError) {
        guard isActive, queue != nil else { return }
        applyStartedWhilePaused()
        // Past the end of the track is the next track (as MPRIS says), not a place mpv
        // would report as "1:40 / 0:05" for a moment.
        if !isOpeningTrack, let duration, duration > 0 {
            let destination: Double
            switch target {
            case .relative(let seconds): destination = currentPosition() + seconds
            case .absolute(let seconds): destination = seconds
            }
            if destination >= duration { return try await next() }
        }
        if isOpeningTrack {
            // The track just started (by itself, at the end of the last one): seek into it
            // as soon as mpv has it open rather than fail.
            pendingSeek = target
            return
        }
        do {
            try mpvSeek(target)
        } catch {
            // mpv also refuses while a track ends and the next one is not yet open (for a
            // moment it holds no file, or one it has finished reading): the seek waits for
            // the next track too.
            logger.debug("seek refused while a track changes (\(error)); applied to the next track")
            pendingSeek = target
            return
        }
        try await waitForPlayback()
    }

    /// A seek kept while the track was opening, from the track's start.
    func applyPendingSeek() {
        guard let target = pendingSeek else { return }
        pendingSeek = nil
        do {
            switch target {
            case .relative(let seconds): try mpvSeek(.absolute(max(0, seconds)))
            case .absolute: try mpvSeek(target)
            }
        } catch {
            hub.emit(.error(error))
        }
    }

    private func mpvSeek(_ target: SeekTarget) throws(PlayerError) {
        switch target {
        case .relative(let seconds): try mpv.seek(seconds, relative: true)
        case .absolute(let seconds): try mpv.seek(max(0, seconds), relative: false)
        }
    }

    /// Takes a new wallet. The disc in the player stays (found by id) and takes its new
    /// position; its album value is refreshed unless mpv holds a queue of different tracks.
    func update(_ newWallet: Wallet) {
        wallet = newWallet
        guard var current = disc else {
            publish()
            return
        }
        current.position = newWallet.position(of: current.album.id)
        if let position = current.position, let fresh = newWallet.disc(at: position) {
            if queue == nil {
                current.album = fresh
                let start = store.resumePoint(for: fresh) ?? .start
                trackIndex = start.track
                elapsed = start.position
            } else if fresh.tracks == current.album.tracks {
                current.album = fresh
            }
        }
        disc = current
        publish()
    }
}
