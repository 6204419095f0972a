import CDWallyVocabulary

/// All the engine asks of mpv: post a request without waiting (its reply comes back with
/// mpv's events, in order, as `MPVEvent.reply`), give the Snapcast relay its gain, and end.
/// mpv's events reach the engine from outside (`Player` drains the handle's event thread into
/// `PlayerEngine.handle`), so the engine never reads mpv itself.
///
/// `MPVHandle` is the one real port. The engine's tests script one and feed the engine the
/// events mpv would send, so the shell's rules (a reply after its track's start, an output
/// that fails to open, a core that stalls, an mpv that ends by itself) run without libmpv.
protocol MPVPort: AnyObject, Sendable {
    /// Queues `request` in mpv and returns the id its reply will carry; throws when mpv takes
    /// no request (its core is held by a stalled output, or it has shut down).
    @discardableResult
    func post(_ request: MPVRequest) throws(PlayerError) -> UInt64

    /// Whether the output goes through cdwally's relay (`PCMRelay`), which applies the
    /// volume as a gain on the samples instead of mpv's own volume.
    var relaysOutput: Bool { get }

    /// The relay's gain; nothing without a relay.
    func setRelayAmplitude(_ amplitude: Double)

    /// Lets mpv go on from the hook whose `.hook` event carried `id`. It may wait for mpv's
    /// core lock: called off the engine's thread.
    func continueHook(_ id: UInt64)

    /// Asks mpv to end; `.shutdown` comes as its last event.
    func quit()

    /// Waits until mpv is gone; false when its output still holds it after `limit`.
    func waitUntilDestroyed(within limit: Duration) async -> Bool
}

extension MPVHandle: MPVPort {
    var relaysOutput: Bool { outputRelay != nil }

    func setRelayAmplitude(_ amplitude: Double) {
        outputRelay?.set(amplitude: amplitude)
    }
}
