import CDWallyCore
import CDWallyVocabulary
import HTTPTypes

/// Why a request is refused, with the status and one line for the JSON error body.
enum WebRequestError: Error, Sendable, Equatable {
    case foreignHost
    case foreignOrigin
    /// A guest's browser asked what only a browser paired from the box may do (what, in words).
    case boxOnly(String)
    case notPaired
    case tooManyAttempts
    /// One session or token holds all the WebSockets it may.
    case tooManyWebSockets
    case badCode
    case notJSON
    case tooLarge
    case badCommand(String)
    case methodNotAllowed(allow: String)
    case notFound(String)
    /// The player refused or could not carry out a command: its `kind`, which the body carries,
    /// decides the status (`PlayerErrorKind.httpStatus`); without one, 409.
    case player(String, kind: PlayerErrorKind? = nil)
    /// The library or the wallet refused a change: its `kind`, which the body carries, decides
    /// the status (`LibraryRefusalKind.httpStatus`).
    case library(String, kind: LibraryRefusalKind)
    case unavailable(String)

    var status: HTTPResponse.Status {
        switch self {
        case .foreignHost: .misdirectedRequest
        case .foreignOrigin, .boxOnly: .forbidden
        case .notPaired, .badCode: .unauthorized
        case .tooManyAttempts, .tooManyWebSockets: .tooManyRequests
        case .notJSON: .unsupportedMediaType
        case .tooLarge: .contentTooLarge
        case .badCommand: .badRequest
        case .methodNotAllowed: .methodNotAllowed
        case .notFound: .notFound
        case .player(_, let kind): kind?.httpStatus ?? .conflict
        case .library(_, let kind): kind.httpStatus
        case .unavailable: .serviceUnavailable
        }
    }

    /// A short stable word for scripts, beside the message.
    var code: String {
        switch self {
        case .foreignHost: "foreign-host"
        case .foreignOrigin: "foreign-origin"
        case .boxOnly: "box-only"
        case .notPaired: "not-paired"
        case .tooManyAttempts: "too-many-attempts"
        case .tooManyWebSockets: "too-many-websockets"
        case .badCode: "bad-code"
        case .notJSON: "not-json"
        case .tooLarge: "too-large"
        case .badCommand: "bad-command"
        case .methodNotAllowed: "method-not-allowed"
        case .notFound: "not-found"
        case .player: "player"
        case .library: "library"
        case .unavailable: "unavailable"
        }
    }

    /// The player's or the library's error kind, for the body beside `code`.
    var kind: String? {
        switch self {
        case .player(_, let kind): kind?.rawValue
        case .library(_, let kind): kind.rawValue
        default: nil
        }
    }

    var message: String {
        switch self {
        case .foreignHost: "this server does not answer to that host name"
        case .foreignOrigin: "requests must come from the web remote's own pages"
        case .boxOnly(let what):
            "an invited browser may play and steer, not \(what): that is for a browser paired with `cdwally web pair`"
        case .notPaired: "not paired: run `cdwally web pair` and enter the code, or send a token"
        case .tooManyAttempts: "too many attempts; wait a minute"
        case .tooManyWebSockets: "this session or token holds all the live connections it may; close a tab"
        case .badCode: "wrong or expired pairing code; run `cdwally web pair` for a new one"
        case .notJSON: "commands are JSON: send Content-Type: application/json"
        case .tooLarge: "the request body is over 8 KB"
        case .badCommand(let message), .notFound(let message), .player(let message, _),
            .library(let message, _), .unavailable(let message):
            message
        case .methodNotAllowed(let allow): "use \(allow) here"
        }
    }
}
