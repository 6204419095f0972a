/// Why mpv stopped playing a playlist entry (`mpv_event_end_file.reason`).
enum MPVEndFileReason: Sendable, Equatable {
    /// The decoder reached the end; with gapless output the tail may still be audible.
    case endOfFile
    /// A command (`stop`, `loadfile … replace`, `playlist-next` …) ended it.
    case stopped
    case quit
    /// The entry was replaced by what it contained (a playlist file).
    case redirect
    /// The entry failed: a missing file, an unknown format, no audio output.
    case error(MPVErrorCode)
}
