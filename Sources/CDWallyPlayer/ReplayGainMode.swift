/// Which ReplayGain tags mpv applies. mpv reads them itself (and Opus R128 gains); album
/// mode falls back to track gain when a file has no album gain.
public enum ReplayGainMode: String, Sendable, Hashable, CaseIterable {
    case album
    case track
    case off

    var mpvValue: String { self == .off ? "no" : rawValue }
}
