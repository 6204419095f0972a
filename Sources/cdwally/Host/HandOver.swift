import CDWallyControl
import CDWallyPlayer

/// `cdwally play N` while a player runs: the disc goes to that player, wherever its socket
/// is, once it said that it has what this command asked for (`RequestedSetup`). Otherwise
/// nothing is sent and the user is told, in one line, which options it cannot take and how
/// to go on: a hand-over never pretends.
enum HandOver {
    static let timeout: Duration = .seconds(15)

    static func play(
        disc: Int, fromStart: Bool, requested: RequestedSetup, to running: RunningPlayer
    ) throws -> ControlStatus {
        let current = try answer(to: .status, from: running)
        let conflicts = requested.conflicts(with: current.setup)
        guard conflicts.isEmpty else {
            throw CommandFailure(
                message: "the running player (\(running.name)) cannot take "
                    + "\(conflicts.joined(separator: "; ")); leave those out to hand it disc \(disc), or stop it "
                    + "with `cdwally quit` and run this again",
                code: ExitStatus.handOverRefused)
        }
        return try answer(to: .command(.play(disc: disc, fromStart: fromStart)), from: running)
    }

    private static func answer(to request: ControlRequest, from running: RunningPlayer) throws
        -> ControlStatus
    {
        switch try ControlClient.send(request, endpoint: running.endpoint, timeout: timeout) {
        case .ok(let status): return status
        case .failure(let failure): throw failure
        }
    }
}
