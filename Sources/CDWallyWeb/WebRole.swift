/// What a paired browser may do (docs/PRODUCT.md §11, "Pairing a guest"). A browser paired from
/// the box (`cdwally web pair`) may do everything, and so may a token, which only the box makes.
/// A browser invited by another may play and steer, and may not invite, change limits or
/// revoke.
public enum WebRole: String, Codable, Sendable {
    /// Paired with a code from `cdwally web pair`.
    case box
    /// Paired with a code a paired browser made (`POST /api/v1/invites`).
    case guest
}
