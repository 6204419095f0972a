/// An mpv event copied into Swift values on the event thread, before the next
/// `mpv_wait_event` frees mpv's copy. Entries are named by `playlist_entry_id`, which stays
/// fixed for the life of the handle, never by playlist index.
enum MPVEvent: Sendable, Equatable {
    case startFile(entryID: Int64)
    case endFile(entryID: Int64, reason: MPVEndFileReason)
    case fileLoaded
    /// A seek began; PLAYBACK_RESTART follows when audio flows again.
    case seek
    case playbackRestart
    /// An observed property changed; `.none` means it is unavailable now.
    case propertyChange(name: String, value: MPVNode)
    case log(MPVLogMessage)
    /// The reply to a request sent with `MPVHandle.post`.
    case reply(id: UInt64, MPVReply)
    /// mpv waits at the hook `name` (`MPVHandle.addHook`) until the hook `id` is continued.
    case hook(name: String, id: UInt64)
    /// A request to the core went unanswered past `MPVHandle.stallLimit`: the core is held,
    /// most often inside an audio output that blocks (a pipe nobody reads, a hung device).
    case coreStalled
    /// A reply came from a stalled core: it answers again.
    case coreAnswering
    /// The core is gone and the handle destroyed; nothing follows.
    case shutdown
}
