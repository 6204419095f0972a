import CDWallyControl
import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary

/// `cdwally play N` while a player runs: the disc goes to that player, wherever its socket
/// is, once it said that it has what this command asked for (`RequestedSetup`). Otherwise
/// nothing is sent and the user is told, in one line, which options it cannot take and how
/// to go on: a hand-over never pretends.
enum HandOver {
    static let timeout: Duration = .seconds(15)

    static func play(
        disc: Int, fromStart: Bool, requested: RequestedSetup, to running: RunningPlayer
    ) throws -> PlayerStatus {
        try check(requested, handing: "disc \(disc)", to: running)
        return try answer(to: .command(.play(disc: disc, fromStart: fromStart)), from: running)
    }

    /// The same for `play WORDS|ID`: the disc of album `id`, which the running player finds
    /// in its wallet (waiting for its watcher when the album was just added). Nil when that
    /// player is older than `disc` by album id: the caller hands the disc number over instead.
    static func play(
        album id: AlbumID, fromStart: Bool, requested: RequestedSetup, to running: RunningPlayer
    ) throws -> PlayerStatus? {
        try check(requested, handing: "that album", to: running)
        do {
            return try answer(to: .album(id, fromStart: fromStart), from: running)
        } catch let failure as ControlFailure where failure.code == .badRequest {
            return nil
        }
    }

    /// Refuses the hand-over when the running player lacks what this command asked for, or
    /// waits for its library (a suspended one does not answer): `play WORDS` asks it before it
    /// writes the playlist (docs/PRODUCT.md §11).
    static func check(_ requested: RequestedSetup, handing what: String, to running: RunningPlayer)
        throws
    {
        let current = try answer(to: .status, from: running)
        if let awaited = current.waitingFor {
            throw ControlFailure(PlayerError.waitingForLibrary(path: awaited))
        }
        let conflicts = requested.conflicts(with: current.setup)
        guard conflicts.isEmpty else {
            throw CommandFailure(
                message: "the running player (\(running.name)) cannot take "
                    + "\(conflicts.joined(separator: "; ")); leave those out to hand it \(what), or stop it "
                    + "with `cdwally quit` and run this again",
                code: ExitStatus.handOverRefused)
        }
    }

    private static func answer(to request: ControlRequest, from running: RunningPlayer) throws
        -> PlayerStatus
    {
        switch try ControlClient.send(request, endpoint: running.endpoint, timeout: timeout) {
        case .ok(let status): return status
        case .failure(let failure): throw failure
        }
    }
}
