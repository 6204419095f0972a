import CDWallyVocabulary

/// How the engine talks to mpv: it posts a request and goes on, and the reply comes back in
/// order with mpv's events (`didReply`). mpv carries requests out in the order they were
/// sent, so a `loadfile` is answered before the track it added starts, and a seek before the
/// place it moved to is reported.
extension PlayerEngine {
    /// Posts `request`; `purpose` says what its reply is for.
    func send(_ request: MPVRequest, for purpose: ReplyBook.Purpose? = nil) throws(PlayerError) {
        let id = try mpv.post(request)
        book.posted(id, for: purpose ?? .plain(request.name))
    }

    func didReply(_ id: UInt64, _ reply: MPVReply) {
        guard let purpose = book.answer(id) else { return }
        guard reply.status >= 0 else { return failed(purpose, MPVErrorCode(reply.status)) }
        switch purpose {
        case .plain:
            break
        case .appended(let load, let index):
            guard queue?.load == load, let entry = reply.value?.playlistEntryID else { return }
            queue?.entryIDs[index] = entry
            // mpv answers a `loadfile` before the entry starts; should the start have come
            // first all the same, it is applied now, and so is the file's opening.
            if entry == cursor.activeEntry { didStart(entry, commanded: true) }
        case .replacement(let load, let index):
            guard let entry = reply.value?.playlistEntryID else { return }
            swapInReplacement(entry, load: load, index: index)
        case .seek:
            seeksDid(.carriedOut)
        case .move, .mixer:
            break
        }
    }

    private func failed(_ purpose: ReplyBook.Purpose, _ code: MPVErrorCode) {
        switch purpose {
        case .plain(let name):
            logger.warning("mpv refused \(name): \(code)")
        case .appended(let load, let index):
            guard queue?.load == load, let disc else { return }
            let path = disc.album.tracks[index].path
            hub.emit(.trackSkipped(path: path, reason: code.description))
        case .replacement:
            logger.warning("could not reset the resumed track's start position: \(code)")
        case .seek(let load, let seconds):
            // mpv refuses while a track ends and the next one is not yet open (for a moment
            // it holds no file, or one it has finished reading): the seek waits for the
            // next track.
            guard queue?.load == load else {
                seeksDid(.refused(retryAt: nil))
                return
            }
            logger.debug("seek refused while a track changes (\(code)); applied to the next track")
            seeksDid(.refused(retryAt: seconds))
        case .move(let load):
            // mpv stays where it is: so does the place it reports, which counts again.
            guard queue?.load == load else { return }
            logger.warning("mpv refused to change tracks: \(code)")
            cursorDid(.moveRefused)
        case .mixer(let level, let muted):
            volumeDid(.mixerRefused(level: level, muted: muted))
            hub.emit(.error(.noHardwareMixer(device: configuration.outputName)))
        }
    }

    /// mpv keeps per-file options on a playlist entry, so the resumed track would start at the
    /// old position again when played later (previous, or the disc played through). Once it
    /// is no longer current, a plain entry of the same file is appended (`swapInReplacement`
    /// puts it in its place).
    func replaceResumedEntry() {
        guard var queue, let resumed = queue.resumedTrack, let disc else { return }
        queue.resumedTrack = nil
        self.queue = queue
        do {
            try send(
                .append(disc.album.tracks[resumed.index].path),
                for: .replacement(load: queue.load, index: resumed.index))
        } catch {
            logger.warning("could not reset the resumed track's start position: \(error)")
        }
    }

    /// Moves the plain entry from the playlist's end to the resumed track's place and removes
    /// the old entry. Requests sent after this (a `previous`) reach mpv after it, so mpv
    /// cannot be on the old entry by then.
    private func swapInReplacement(_ entry: Int64, load: Int, index: Int) {
        guard var queue, queue.load == load else { return }
        // Its place in mpv's playlist, which a shuffle may have moved.
        let position = queue.order.position(ofTrack: index) ?? index
        do {
            try send(.movePlaylistEntry(from: queue.entryIDs.count, to: position))
            try send(.removePlaylistEntry(at: position + 1))
            queue.entryIDs[index] = entry
            self.queue = queue
        } catch {
            logger.warning("could not reset the resumed track's start position: \(error)")
        }
    }
}
