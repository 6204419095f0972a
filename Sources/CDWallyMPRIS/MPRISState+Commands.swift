import CDWallyVocabulary

extension MPRISState {
    /// Whether a client's command may reach the player now. MPRIS says a call whose
    /// `Can…` property is false has no effect.
    func allows(_ command: PlayerCommand) -> Bool {
        switch command {
        case .resume: canPlay
        case .pause: canPause
        case .toggle: playbackStatus == .playing ? canPause : canPlay
        case .next: canGoNext
        case .previous: canGoPrevious
        case .seek: canSeek
        default: true
        }
    }

    /// The command for `SetPosition(trackID, position)`, or nil when MPRIS says to ignore
    /// it: the track is no longer the current one (the client's view is stale), or the
    /// position lies outside the track, or seeking is not possible.
    func setPositionCommand(trackObjectPath: String, microseconds: Int64) -> PlayerCommand? {
        guard let metadata, metadata.trackID.objectPath == trackObjectPath else { return nil }
        guard microseconds >= 0 else { return nil }
        if let length = metadata.lengthMicroseconds, microseconds > length { return nil }
        let command = PlayerCommand.seek(.absolute(Double(microseconds) / 1_000_000))
        return allows(command) ? command : nil
    }

    /// A client's `Volume`: 1.0 is the signal as it is, which is our 100; never negative.
    static func volumeCommand(_ volume: Double) -> PlayerCommand {
        .volume(.set(Int((max(0, volume) * 100).rounded())))
    }
}
