import CDWallySystem

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// An mpv that does nothing by itself: it keeps what the engine posts, in order, and the
/// test says what mpv answers and does (`EngineHarness`). While `stalled`, it refuses every
/// request as a real handle does while its core is held.
final class ScriptedMPV: MPVPort {
    struct Posted: Sendable {
        let id: UInt64
        let request: MPVRequest
    }

    private struct State {
        var posted: [Posted] = []
        var stalled = false
        var quitAsked = false
        var amplitudes: [Double] = []
        var continuedHooks: [UInt64] = []
    }

    private let state = LockedValue(State())
    let relaysOutput: Bool

    init(relaysOutput: Bool = false) {
        self.relaysOutput = relaysOutput
    }

    func post(_ request: MPVRequest) throws(PlayerError) -> UInt64 {
        let id = state.withLock { state -> UInt64? in
            guard !state.stalled else { return nil }
            let id = UInt64(state.posted.count + 1)
            state.posted.append(Posted(id: id, request: request))
            return id
        }
        guard let id else { throw PlayerError.outputStalled }
        return id
    }

    func setRelayAmplitude(_ amplitude: Double) {
        state.withLock { $0.amplitudes.append(amplitude) }
    }

    func quit() {
        state.withLock { $0.quitAsked = true }
    }

    func continueHook(_ id: UInt64) {
        state.withLock { $0.continuedHooks.append(id) }
    }

    /// The hooks the engine let mpv go on from, in order.
    var continuedHooks: [UInt64] { state.current.continuedHooks }

    func waitUntilDestroyed(within limit: Duration) async -> Bool { true }

    /// Everything posted so far, in the order posted.
    var posted: [Posted] { state.current.posted }

    /// The names of the requests posted after the first `skipping` of them (`MPVRequest.name`).
    func names(after skipping: Int = 0) -> [String] {
        posted.dropFirst(skipping).map(\.request.name)
    }

    var stalled: Bool {
        get { state.current.stalled }
        set { state.withLock { $0.stalled = newValue } }
    }

    var quitAsked: Bool { state.current.quitAsked }
    var amplitudes: [Double] { state.current.amplitudes }
}
