import CDWallyControl

extension PlayerHost {
    /// What starting a player came to: the control socket is ours, or another player of
    /// this user already holds it.
    enum Claim {
        case claimed(ControlServer, ControlGate)
        case alreadyRunning(ControlError)
    }

    /// Claims this user's control socket before anything else starts (one player per user,
    /// docs/PRODUCT.md §5); requests wait at the gate until the player joins.
    static func claimControl(environment: [String: String]) throws(ControlError) -> Claim {
        let gate = ControlGate()
        do {
            return .claimed(try ControlLink.claim(environment: environment, handler: gate.handle), gate)
        } catch {
            if case .alreadyRunning = error { return .alreadyRunning(error) }
            throw error
        }
    }
}
