import Logging
import Synchronization

/// A swift-log handler that keeps what it is given, so a test can check what the server
/// logged (and that it logged no warning when nothing went wrong).
public struct LogRecorder: LogHandler {
    private let storage = Storage()
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    final class Storage: Sendable {
        let entries = Mutex<[(level: Logger.Level, message: String)]>([])
    }

    public init() {}

    public var logger: Logger { Logger(label: "cdwally.test") { _ in self } }

    /// The messages logged at `.warning` or above.
    public var warnings: [String] {
        storage.entries.withLock { $0.filter { $0.level >= .warning }.map(\.message) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        storage.entries.withLock { $0.append((event.level, event.message.description)) }
    }
}
