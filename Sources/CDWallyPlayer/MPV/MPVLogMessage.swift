/// One line of mpv's log, requested with `mpv_request_log_messages` instead of a terminal.
struct MPVLogMessage: Sendable, Equatable {
    enum Level: Int, Sendable, Comparable {
        case fatal = 10
        case error = 20
        case warn = 30
        case info = 40
        case verbose = 50
        case debug = 60
        case trace = 70

        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The mpv module that spoke: "ffmpeg/demuxer", "ao/alsa", "cplayer".
    var prefix: String
    var level: Level
    /// The text without its trailing newline.
    var text: String
}
