import CDWallyVocabulary

/// The player's answer to one request: the status after the command took effect, or why
/// it failed.
public enum ControlResponse: Sendable, Hashable {
    case ok(PlayerStatus)
    case failure(ControlFailure)
}
