import CDWallyCore
import CDWallySystem
import Logging

/// Log lines on stderr, one per message. Under systemd (`$JOURNAL_STREAM` set) each line
/// starts with its syslog priority, `<6>`, which journald turns into the entry's level;
/// elsewhere it reads `cdwally: warning: …`. A front end that owns the terminal can take
/// the lines instead (`sink`), so they never scribble over its display.
struct StandardErrorLogHandler: LogHandler {
    /// Where lines go instead of stderr, when set.
    static let sink = LockedValue<(@Sendable (Logger.Level, String) -> Void)?>(nil)

    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    let journal: Bool

    init(level: Logger.Level, journal: Bool) {
        logLevel = level
        self.journal = journal
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let text = "\(event.message)"
        if let sink = StandardErrorLogHandler.sink.current {
            sink(event.level, text)
            return
        }
        if journal {
            StandardError.emit("<\(StandardErrorLogHandler.priority(event.level))>\(text)\n")
        } else {
            let label = event.level >= .warning ? "\(event.level): " : ""
            StandardError.emit("cdwally: \(label)\(text)\n")
        }
    }

    /// syslog(3) priorities.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// Installs the handler for the whole process; `verbose` shows info and debug lines.
    static func bootstrap(verbose: Bool, environment: [String: String]) {
        let journal = environment["JOURNAL_STREAM"] != nil
        LoggingSystem.bootstrap { _ in
            StandardErrorLogHandler(level: verbose ? .debug : (journal ? .info : .warning), journal: journal)
        }
    }
}
