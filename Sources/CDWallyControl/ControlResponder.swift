import CDWallyPlayer

/// Answers control requests for a player: the handler a control server needs. A command goes
/// to `inbox` and is answered from its reply with the status once it took effect, or with
/// its error; `status` reads `view`; `quit` is the host's (`quit` ends the process) and is
/// answered at once with the state, positions being saved on the way out.
public struct ControlResponder: Sendable {
    private let view: any PlayerView
    private let inbox: any PlayerInbox
    private let quit: @Sendable () -> Void

    public init(view: any PlayerView, inbox: any PlayerInbox, quit: @escaping @Sendable () -> Void) {
        self.view = view
        self.inbox = inbox
        self.quit = quit
    }

    /// Hands `answer` the response, from whichever thread the outcome arrives on.
    public func respond(to request: ControlRequest, answer: @escaping @Sendable (ControlResponse) -> Void) {
        switch request {
        case .status:
            answer(.ok(ControlStatus(snapshot: view.snapshot)))
        case .quit:
            quit()
            answer(.ok(ControlStatus(snapshot: view.snapshot)))
        case .command(let command):
            inbox.send(command) { result in
                switch result {
                case .success(let snapshot): answer(.ok(ControlStatus(snapshot: snapshot)))
                case .failure(let error): answer(.failure(ControlFailure(error)))
                }
            }
        }
    }
}
