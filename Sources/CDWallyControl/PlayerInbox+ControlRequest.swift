import CDWallyPlayer

extension PlayerInbox {
    /// Carries out a control request and answers with the status once it took effect: the
    /// handler a control server needs. A failed command answers with its error.
    public func respond(to request: ControlRequest) async -> ControlResponse {
        guard case .command(let command) = request else { return .ok(ControlStatus(snapshot: snapshot)) }
        do {
            return .ok(ControlStatus(snapshot: try await perform(command)))
        } catch {
            return .failure(ControlFailure(error))
        }
    }
}
