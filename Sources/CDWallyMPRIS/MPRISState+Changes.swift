import CMPRIS

extension MPRISState {
    /// The Player properties whose values differ from `old`: what a PropertiesChanged
    /// signal must carry. Position is never among them (Seeked reports its jumps).
    func changedProperties(since old: MPRISState) -> [CMPRISProperty] {
        var changed: [CMPRISProperty] = []
        if playbackStatus != old.playbackStatus { changed.append(.playbackStatus) }
        if metadata != old.metadata { changed.append(.metadata) }
        if volume != old.volume { changed.append(.volume) }
        if canGoNext != old.canGoNext { changed.append(.canGoNext) }
        if canGoPrevious != old.canGoPrevious { changed.append(.canGoPrevious) }
        if canPlay != old.canPlay { changed.append(.canPlay) }
        if canPause != old.canPause { changed.append(.canPause) }
        if canSeek != old.canSeek { changed.append(.canSeek) }
        if shuffle != old.shuffle { changed.append(.shuffle) }
        return changed
    }
}
