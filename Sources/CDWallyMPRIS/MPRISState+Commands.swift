extension MPRISState {
    /// Whether a client's command may reach the player now. MPRIS says a call whose
    /// `Can…` property is false has no effect.
    func allows(_ command: MPRISCommand) -> Bool {
        switch command {
        case .play: canPlay
        case .pause: canPause
        case .playPause: playbackStatus == .playing ? canPause : canPlay
        case .next: canGoNext
        case .previous: canGoPrevious
        case .seek, .setPosition: canSeek
        case .stop, .setVolume, .quit: true
        }
    }

    /// The command for `SetPosition(trackID, position)`, or nil when MPRIS says to ignore
    /// it: the track is no longer the current one (the client's view is stale), or the
    /// position lies outside the track, or seeking is not possible.
    func setPositionCommand(trackObjectPath: String, microseconds: Int64) -> MPRISCommand? {
        guard let metadata, metadata.trackID.objectPath == trackObjectPath else { return nil }
        guard microseconds >= 0 else { return nil }
        if let length = metadata.lengthMicroseconds, microseconds > length { return nil }
        let command = MPRISCommand.setPosition(microseconds: microseconds)
        return allows(command) ? command : nil
    }
}
