import CDWallyVocabulary

extension ControlClient {
    /// Why following ended.
    public enum FollowEnd: Sendable, Equatable {
        /// The player closed the connection: it quit, or its process ended.
        case playerStopped
        /// The descriptor watched alongside (the command's stdout) was closed by its reader.
        case outputClosed
        /// `show` asked to stop.
        case stopped
        /// The player refused (`unknown-command` from a player older than `follow`).
        case refused(ControlFailure)
    }

    /// Sends `follow` and hands `show` every status the player sends (the first at once),
    /// until the player hangs up, `output` reports an error or hang-up (a pipe whose reader
    /// went away), or `show` returns false. No timeout once the first status came: a paused
    /// player may say nothing for hours.
    public func follow(watching output: Int32? = nil, _ show: (PlayerStatus) -> Bool) throws(ControlError)
        -> FollowEnd
    {
        var response = try send(.follow)
        while true {
            switch response {
            case .failure(let failure): return .refused(failure)
            case .ok(let status): if !show(status) { return .stopped }
            }
            switch try nextLine(watching: output) {
            case .line(let line): response = try ControlResponse(line: line)
            case .playerGone: return .playerStopped
            case .outputGone: return .outputClosed
            }
        }
    }
}
