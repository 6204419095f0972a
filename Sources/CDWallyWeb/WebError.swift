/// What can go wrong starting the web remote or keeping its access file.
public enum WebError: Error, CustomStringConvertible, Sendable, Equatable {
    /// `--web` or `[web] listen` is not `[ADDR:]PORT`.
    case invalidListenAddress(String, reason: String)
    /// The socket could not be bound (port taken, address not on this machine).
    case cannotListen(String, reason: String)
    /// The access file (pairing codes, sessions, tokens) could not be read or written.
    case accessFile(String, reason: String)
    /// A token or session name that is not there to revoke, or a bad token name.
    case unknownName(String)
    case invalidName(String)

    public var description: String {
        switch self {
        case .invalidListenAddress(let text, let reason):
            "invalid web address '\(text)': \(reason); give a PORT (127.0.0.1 only) or ADDR:PORT, e.g. 0.0.0.0:8080"
        case .cannotListen(let address, let reason): "cannot serve the web remote on \(address): \(reason)"
        case .accessFile(let path, let reason): "web access file \(path): \(reason)"
        case .unknownName(let name): "no browser session or token named '\(name)' (see `cdwally web list`)"
        case .invalidName(let name):
            "invalid token name '\(name)': use 1 to 40 letters, digits, '-', '_' or '.'"
        }
    }
}
