/// The audio output as mpv has it: which one it opened (`current-ao`), whether its core is
/// held by it (`PlayerEngine+StalledOutput.swift`), and whether the fallback to a null output
/// was said already.
///
/// - An output counts as open only while mpv names one: a playback restart confirms a start
///   only then, since mpv also restarts when the output failed to open.
/// - A stall and its end are each reported once, however often the handle says so: the shell
///   tells the waiters and the log at the change, not at every report.
/// - The fallback to a null output is said once per player, not at every disc, and only when
///   a disc is loaded and the listener did not ask for a null output.
///
/// Plain data, owned by the engine: mpv's reports in, what to tell out.
struct OutputCondition: Equatable {
    enum Event: Equatable {
        /// mpv reported the output it has open (`current-ao`; nil: none). `discLoaded` while
        /// mpv holds a disc; `nullWanted` when the configured output is the null one.
        case reported(String?, discLoaded: Bool, nullWanted: Bool)
        /// mpv's core stopped answering: the output takes no audio.
        case stalled
        /// mpv's core answers again.
        case answered
    }

    enum Effect: Equatable {
        /// The output failed and mpv fell back to a null one: say so (once).
        case warnOfNullFallback
        /// The output took no audio just now: tell the waiters and the listener.
        case announceStall
        /// The output takes audio again: bring mpv back to the engine's state.
        case bringBack
    }

    /// The output mpv has open ("pcm", "pipewire", "null"), as it reports it.
    private(set) var name: String?
    /// mpv's core is held by its output.
    private(set) var isStalled = false
    /// The fallback to a null output was said.
    private(set) var hasWarnedOfNull = false

    var isOpen: Bool { name != nil }

    @discardableResult
    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .reported(let output, let discLoaded, let nullWanted):
            name = output
            guard output == "null", !hasWarnedOfNull, discLoaded, !nullWanted else { return [] }
            hasWarnedOfNull = true
            return [.warnOfNullFallback]
        case .stalled:
            guard !isStalled else { return [] }
            isStalled = true
            return [.announceStall]
        case .answered:
            guard isStalled else { return [] }
            isStalled = false
            return [.bringBack]
        }
    }
}
