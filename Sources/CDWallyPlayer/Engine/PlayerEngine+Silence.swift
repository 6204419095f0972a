import CDWallyVocabulary

/// Runs the silence watch (`SilenceWatch`): a disc that plays while its place stands still.
/// mpv's core answers then, so nothing else notices: the output took the first samples and no
/// more (a stream prepared and never started), or the music cannot be read.
/// The player shows itself waiting, says so once, and opens the output again, which starts a
/// new stream; the first motion ends it.
extension PlayerEngine {
    /// How often the engine looks, from a task of its own (`Player`).
    static let silenceLookInterval: Duration = .seconds(2)

    /// One look; false once the engine is shut down and the looks may end.
    func lookForSilence() -> Bool {
        guard !isShutDown else { return false }
        silenceDid(.looked(at: .now, watching: expectsMotion))
        return true
    }

    /// Whether the place should move now: playing a loaded disc, mpv's core answering (a core
    /// held by its output is `OutputCondition`'s), no seek or track change on its way. Whether
    /// mpv confirmed the disc's start does not count: a device that takes its first buffer and
    /// no more keeps mpv from ever confirming it (a null output at speed 0 does).
    private var expectsMotion: Bool {
        state == .playing && queue != nil && !output.isStalled && !isPlaceAhead
    }

    /// Applies `event` to the watch and runs what it asks for.
    func silenceDid(_ event: SilenceWatch.Event) {
        for effect in silence.apply(event) {
            switch effect {
            case .announceSilence:
                let seconds = SilenceWatch.limit.components.seconds
                logger.notice(
                    "nothing played for \(seconds) s while playing: opening the audio output '\(configuration.outputName)' again"
                )
                publish()
            case .reopenOutput:
                do {
                    try send(.reloadOutput)
                } catch {
                    logger.debug("could not open the audio output again: \(error)")
                }
            case .announceMotion:
                logger.notice("the music plays again")
                publish()
            case .clear:
                publish()
            }
        }
    }
}
