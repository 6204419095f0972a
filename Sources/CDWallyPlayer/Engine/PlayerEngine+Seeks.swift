import CDWallyVocabulary

/// Runs the seeks' effects (`SeekTracker`): posts the seeks it lets go, and tells the
/// subscribers of one that landed. A seek goes to mpv as a place in the track, never as a
/// step: `seek` turns a step into a place from the engine's own.
extension PlayerEngine {
    /// Applies `event` to the seeks and runs what it asks for; a seek mpv does not take is
    /// said as an error, as no command waits for it.
    func seeksDid(_ event: SeekTracker.Event) {
        do {
            try runSeeks(seeks.apply(event))
        } catch {
            hub.emit(.error(error))
        }
    }

    /// Runs `effects`; true when a seek was posted. Throws when mpv takes no request.
    @discardableResult
    func runSeeks(_ effects: [SeekTracker.Effect]) throws(PlayerError) -> Bool {
        var posted = false
        for effect in effects {
            switch effect {
            case .post(let seconds):
                guard let queue else { continue }
                try send(.seek(seconds, relative: false), for: .seek(load: queue.load, seconds: seconds))
                seeks.apply(.posted)
                posted = true
            case .announceSeeked:
                // Subscribers read the landed place from the snapshot they are sent, and from
                // `Player.snapshot` too.
                publish()
                hub.emit(.seeked(makeSnapshot()))
            }
        }
        return posted
    }
}
