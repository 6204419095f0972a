/// What can be wrong with a config file; every case names the file, and the line and key
/// when there is one.
public enum ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case syntax(file: String, line: Int, message: String)
    case invalidValue(file: String, line: Int, key: String, message: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "cannot read config file \(file): \(reason)"
        case .syntax(let file, let line, let message):
            "\(file):\(line): \(message)"
        case .invalidValue(let file, let line, let key, let message):
            "\(file):\(line): \(key): \(message)"
        }
    }
}
