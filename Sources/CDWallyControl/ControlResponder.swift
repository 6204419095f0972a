import CDWallyCore
import CDWallyVocabulary

/// Answers control requests for a player: the handler a control server needs. A command goes
/// to `inbox` and is answered from its reply with the status once it took effect, or with
/// its error; `status` reads `view`; `quit` is the host's (`quit` ends the process) and is
/// answered at once with the state, positions being saved on the way out.
public struct ControlResponder: Sendable {
    private let view: any PlayerView
    private let inbox: any PlayerInbox
    private let quit: @Sendable () -> Void
    private let playAlbum: @Sendable (AlbumID, Bool, @escaping PlayerReply) -> Void
    private let cards: (@Sendable (ControlRequest, @escaping @Sendable (ControlResponse) -> Void) -> Void)?

    /// `playAlbum` plays the disc of an album id (`disc` with `album`), from its start when
    /// asked; by default, the disc of that album in the view's wallet, else a refusal. `cards`
    /// answers `card-read` and `next-card`; without it they are refused (a player with no cards).
    public init(
        view: any PlayerView, inbox: any PlayerInbox, quit: @escaping @Sendable () -> Void,
        playAlbum: (@Sendable (AlbumID, Bool, @escaping PlayerReply) -> Void)? = nil,
        cards: (@Sendable (ControlRequest, @escaping @Sendable (ControlResponse) -> Void) -> Void)? = nil
    ) {
        self.cards = cards
        self.view = view
        self.inbox = inbox
        self.quit = quit
        self.playAlbum =
            playAlbum ?? { id, fromStart, reply in
                guard let position = view.snapshot.wallet.position(of: id) else {
                    return reply(.failure(.albumNotInWallet(id: id.rawValue)))
                }
                inbox.send(.play(disc: position, fromStart: fromStart), reply: reply)
            }
    }

    /// Hands `answer` the response, from whichever thread the outcome arrives on.
    public func respond(to request: ControlRequest, answer: @escaping @Sendable (ControlResponse) -> Void) {
        switch request {
        case .status, .follow:
            // `follow` is the connection's (`follow(_:)`); a handler asked for it answers once.
            answer(.ok(PlayerStatus(snapshot: view.snapshot)))
        case .quit:
            quit()
            answer(.ok(PlayerStatus(snapshot: view.snapshot)))
        case .command(let command):
            inbox.send(command) { answer(Self.response($0)) }
        case .album(let id, let fromStart):
            playAlbum(id, fromStart) { answer(Self.response($0)) }
        case .cardRead, .nextCard:
            guard let cards else {
                return answer(.failure(ControlFailure(code: .failed, message: "this player reads no cards")))
            }
            cards(request, answer)
        case .commandLine:
            // The host's, which knows what the CLI prints; a responder alone has no CLI.
            answer(
                .failure(
                    ControlFailure(code: .unknownCommand, message: "this player answers no command lines")))
        }
    }

    /// Feeds `subscription` (a `follow` connection): the status now, then each the player
    /// publishes (it publishes when anything shown changed, the elapsed time each whole
    /// second), each completed by `describe` (what the host adds); ends it with the player.
    public func follow(
        _ subscription: ControlSubscription,
        describe: @escaping @Sendable (inout PlayerStatus) -> Void = { _ in }
    ) {
        // Subscribed before the snapshot is read, so no change falls between the two.
        let events = view.events()
        let post: @Sendable (PlayerSnapshot) -> Void = { snapshot in
            var status = PlayerStatus(snapshot: snapshot)
            describe(&status)
            subscription.post(status)
        }
        post(view.snapshot)
        let reader = Task { [view] in
            for await event in events {
                switch event {
                // The published snapshot, not the event's: the engine publishes before it
                // emits, so an event subscribed to before the first post but read after it
                // cannot take the follower back to an older state.
                case .snapshotChanged, .trackChanged, .seeked: post(view.snapshot)
                default: break
                }
            }
            // The stream ends when the player shuts down, or when cancelled below.
            subscription.end()
        }
        // Cancelling ends the stream, which takes this subscriber out of the player's hub.
        subscription.onCancel { reader.cancel() }
    }

    private static func response(_ result: Result<PlayerSnapshot, PlayerError>) -> ControlResponse {
        switch result {
        case .success(let snapshot): .ok(PlayerStatus(snapshot: snapshot))
        case .failure(let error): .failure(ControlFailure(error))
        }
    }
}
