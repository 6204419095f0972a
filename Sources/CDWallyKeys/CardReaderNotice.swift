import CDWallyCore

/// What the card reader wants a person to know, besides the cards it reads. None stops it;
/// the front end logs each as one line.
public enum CardReaderNotice: Sendable, Equatable, CustomStringConvertible {
    /// A reader is open: grabbed when configured, not when found by discovery.
    case opened(path: RawPath, name: String, grabbed: Bool)
    /// A reader was pulled out (or its node replaced); it is opened again when it is back.
    case removed(path: RawPath, name: String)
    /// A configured reader (a path or a name) is not there at start; it is read once plugged in.
    case absent(String)
    /// What a reader typed is no card: one line per card, whatever it typed.
    case unreadable(CardReaderProblem, path: RawPath, name: String)
    /// A node could not be used: no permission, a failed read or grab.
    case problem(InputError)

    public var description: String {
        switch self {
        case .opened(let path, let name, let grabbed):
            // A serial reader has no name but its path.
            let source = name == path.display ? name : "\(name) (\(path))"
            return "reading cards from \(source)" + (grabbed ? ", grabbed" : "")
        case .removed(let path, let name):
            return "the card reader \(name) (\(path)) is gone; it is read again once plugged back in"
        case .absent(let reader):
            return "the card reader \(reader) is not there; it is read once plugged in"
        case .unreadable(let problem, _, let name):
            return "\(problem) (\(name))"
        case .problem(let error):
            return error.description
        }
    }
}
