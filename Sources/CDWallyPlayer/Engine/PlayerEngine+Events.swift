import CDWallyCore
import CDWallyVocabulary
import Foundation
import Logging

/// mpv's events, applied to the engine's state in the order mpv sent them. Events about
/// entries of a queue that is gone (a disc left, a stop) are ignored by entry id.
extension PlayerEngine {
    func handle(_ event: MPVEvent) {
        switch event {
        case .startFile(let entryID):
            didStart(entryID)
        case .endFile(let entryID, let reason):
            didEnd(entryID, reason: reason)
        case .seek:
            if queue?.contains(cursor.activeEntry) == true { seeksDid(.mpvSeeks) }
        case .playbackRestart:
            didRestart()
        case .propertyChange(let name, let value):
            didChange(name, to: value)
        case .log(let message):
            // Whatever a user must hear of (a failed output, a skipped track) comes as an
            // event, worded once; mpv's own lines (one per output it tried...) are detail.
            logger.debug("mpv \(message.prefix): \(message.text)")
        case .fileLoaded:
            cursorDid(.fileLoaded)
        case .reply(let id, let reply):
            didReply(id, reply)
        case .hook(let name, let id):
            mpvWaits(atHook: name, id: id)
        case .coreStalled:
            outputDid(.stalled)
        case .coreAnswering:
            outputDid(.answered)
        case .shutdown:
            didShutDown()
        }
    }

    /// Applies `event` to the track cursor (`TrackCursor`) and runs what it asks for.
    func cursorDid(_ event: TrackCursor.Event) {
        for effect in cursor.apply(event) {
            switch effect {
            case .started(let track, let left): trackStarted(track, leftAnother: left)
            case .startHeld(let entry): didStart(entry, commanded: true)
            case .opened: trackOpened()
            }
        }
    }

    /// The listener's track's file is open. Announced then, so a track that fails to load (and
    /// is skipped) is never shown as playing.
    private func trackOpened() {
        guard queue?.contains(cursor.activeEntry) == true else { return }
        // A seek kept for the track goes now.
        seeksDid(.fileLoaded)
        hub.emit(.trackChanged(makeSnapshot()))
    }

    /// mpv started an entry (`commanded`: the engine applies a start mpv made earlier). While
    /// paused this is mpv's decoder filling its buffer past the end of the paused track (with a
    /// pipe as output, seconds ahead): what the listener hears on resume is still the paused
    /// track, so the cursor holds the start until unpause, and the saved place stays where the
    /// pause left it.
    func didStart(_ entryID: Int64, commanded: Bool = false) {
        cursorDid(
            .mpvStarted(
                entry: entryID, track: queue?.trackIndex(of: entryID), paused: state == .paused,
                commanded: commanded))
    }

    /// The listener is on track `index` now, from its start.
    private func trackStarted(_ index: Int, leftAnother left: Bool) {
        guard let queue else { return }
        if left { noteRestOfTrackHeard() }
        // A seek into the last track is moot now; its restart will not be this track's.
        seeksDid(.trackStarted)
        // A seek kept for the track holds the place it goes to.
        place.enter(track: index, at: seeks.pending ?? queue.startPosition(ofTrack: index))
        if let resumed = queue.resumedTrack, resumed.index != index - 1 { replaceResumedEntry() }
        if isActive { saveCurrent(at: elapsed) }
        publish()
    }

    private func didEnd(_ entryID: Int64, reason: MPVEndFileReason) {
        guard let queue, let disc, let index = queue.trackIndex(of: entryID) else { return }
        switch reason {
        case .error(let code) where code == .audioOutputInitFailed:
            outputFailed(code)
            return
        case .error(let code):
            let path = disc.album.tracks[index - 1].path
            logger.debug("skipped \(path.display): \(code)")
            hub.emit(.trackSkipped(path: path, reason: Self.skipReason(code)))
        case .endOfFile:
            confirmPlayback()
        case .stopped, .quit, .redirect:
            return
        }
        if entryID == queue.lastEntryID { discEnded() }
    }

    /// PLAYBACK_RESTART also comes when the audio output failed to open (END_FILE with the
    /// error follows), so it confirms playback only while mpv has an output. Otherwise the
    /// track's END_FILE decides: end of file confirms, an output error fails.
    private func didRestart() {
        guard queue?.contains(cursor.activeEntry) == true else { return }
        seeksDid(.restarted)
        publish()
        if hasOpenOutput { confirmPlayback() }
    }

    private var hasOpenOutput: Bool { output.isOpen }

    private func confirmPlayback() {
        queue?.hasPlayed = true
        // The first sound of the disc loaded last: now it counts as played.
        listeningDid(.confirmed)
        resolveWaiters(with: .playing)
    }

    private func didChange(_ name: String, to value: MPVNode) {
        // Once a track started while paused, mpv's position and length are that track's.
        if cursor.startedWhilePaused != nil && (name == "time-pos" || name == "duration") { return }
        switch name {
        case "time-pos":
            // Any place mpv reports is the music moving (`SilenceWatch`), whatever it is for.
            if value.doubleValue?.isFinite == true { silenceDid(.moved(at: .now)) }
            guard queue?.contains(cursor.activeEntry) == true, let seconds = value.doubleValue,
                seconds.isFinite,
                !isPlaceAhead
            else {
                return
            }
            // mpv's place moving on with an output open: the disc is heard, even when its
            // PLAYBACK_RESTART came before mpv said which output it opened.
            if listening.isUnheard, hasOpenOutput, seconds > elapsed { confirmPlayback() }
            noteHeard(from: elapsed, to: seconds)
            elapsed = max(0, seconds)
            if state == .playing && listening.isSaveDue(at: .now, every: Self.saveInterval) {
                saveCurrent(at: elapsed)
            }
            publish()
        case "duration":
            guard queue?.contains(cursor.activeEntry) == true else { return }
            duration = value.doubleValue ?? duration
            publish()
        case "current-ao":
            outputDid(
                .reported(
                    value.stringValue, discLoaded: queue != nil, nullWanted: configuration.wantsNullOutput))
            volumeDid(.output(open: output.isOpen))
        default:
            break
        }
    }

    /// The disc played its last track (or `next` was pressed on it): remember it as finished,
    /// then stop or go on as configured. A disc on which nothing played never goes on.
    func discEnded() {
        guard let disc, let queue else { return }
        let album = disc.album
        // `sleep end-of-disc` stops here whatever --then says, and the timer is spent.
        let sleepsNow = sleepTimerDid(.discEnded).contains(.stopAfterDisc)
        noteRestOfTrackHeard()
        stopMPV()
        // Stopped before anything else, so loading the next disc does not save this one
        // as "left at track 1" over its finished mark.
        place.finish()
        cursorDid(.placed(track: 1))
        saveFinished(album)
        // A disc of which nothing could be played was not listened to.
        endListen(finished: queue.hasPlayed)
        publish()
        hub.emit(.discFinished(album))
        guard queue.hasPlayed else {
            let error = PlayerError.nothingPlayable(album: album.title)
            hub.emit(.error(error))
            resolveWaiters(with: .failed(error))
            hub.emit(.playbackFinished(walletPlayedThrough: false))
            return
        }
        resolveWaiters(with: .ended)
        let nextPosition: Int?
        // A disc the wallet let go while it played is followed as docs/PRODUCT.md §11 says.
        let left = heldLeftDisc
        let following = left?.next(in: wallet, repeating: configuration.repeatWallet)
        // A CD changer in "continue" mode stops after the last disc; `--repeat` loops.
        let playedThrough =
            configuration.endOfDisc == .next && !configuration.repeatWallet
            && (left == nil ? (disc.position ?? 0) >= wallet.discs.count : following == nil)
        switch sleepsNow ? .stop : configuration.endOfDisc {
        case .stop: nextPosition = nil
        case .next:
            if left != nil {
                nextPosition = following
            } else {
                nextPosition =
                    playedThrough ? nil : DiscPicker.next(after: disc.position, count: wallet.discs.count)
            }
        case .random: nextPosition = randomPosition()
        }
        guard let nextPosition, let nextAlbum = wallet.disc(at: nextPosition) else {
            hub.emit(.playbackFinished(walletPlayedThrough: playedThrough))
            return
        }
        do {
            try load(nextAlbum, at: nextPosition, from: store.resumePoint(for: nextAlbum) ?? .start)
        } catch {
            hub.emit(.error(error))
            hub.emit(.playbackFinished(walletPlayedThrough: false))
        }
    }

    /// No audio output opened: stop, keep the resume point, and tell whoever waits.
    private func outputFailed(_ code: MPVErrorCode) {
        endListen(finished: false)
        stopMPV()
        place.stop()
        publish()
        let error = PlayerError.audioOutputFailed(device: configuration.outputName, message: code.description)
        logger.debug("\(error)")
        hub.emit(.error(error))
        resolveWaiters(with: .failed(error))
    }

    /// The engine's place is ahead of what mpv reports: a track change or a seek was sent
    /// and mpv has not got there yet.
    var isPlaceAhead: Bool {
        cursor.commanded != nil || seeks.isPlaceAhead
    }

    private func didShutDown() {
        if !isShutDown {
            // mpv went away by itself: keep what can be kept.
            if isActive { saveCurrent(at: elapsed) }
            endListen(finished: false)
            store.flush { hub.emit(.error($0)) }
            log.flush()
            userVolume?.flush()
            isShutDown = true
        }
        queue = nil
        place.stop()
        resolveWaiters(with: .superseded)
        publish()
        hub.finish()
    }

    private static func skipReason(_ code: MPVErrorCode) -> String {
        switch code {
        case .loadingFailed: return "missing or unreadable"
        case .unknownFormat: return "not an audio format mpv can decode"
        case .nothingToPlay: return "holds no audio"
        default: return code.description
        }
    }
}

extension MPVLogMessage.Level {
    fileprivate var loggerLevel: Logger.Level {
        switch self {
        case .fatal, .error: return .error
        case .warn: return .warning
        case .info: return .info
        case .verbose, .debug: return .debug
        case .trace: return .trace
        }
    }
}
