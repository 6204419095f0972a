/// Who sent a request, as the routes that depend on it see it (`WebGate.caller`).
struct WebCaller: Sendable, Equatable {
    /// The session's name (`browser-1`, `guest-2`) or the token's.
    var name: String
    var role: WebRole
    var isToken: Bool
}
