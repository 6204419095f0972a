import CDWallySystem
import CDWallyVocabulary

@testable import CDWallyControl

/// A control handler that records every request and answers with a fixed status, or with
/// what `answer` says. Requests equal to `holding` wait in the handler until `release()`,
/// for tests of slow handlers.
final class RecordingHandler: Sendable {
    static let status = PlayerStatus(state: .paused, disc: nil, track: nil, elapsed: 0, trackCount: 0)

    private let holding: ControlRequest?
    private let answer: @Sendable (ControlRequest) -> ControlResponse
    private let recorded = LockedValue<[ControlRequest]>([])
    private let held = LockedValue<(released: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    init(
        holding: ControlRequest? = nil,
        answer: @escaping @Sendable (ControlRequest) -> ControlResponse = { _ in .ok(RecordingHandler.status)
        }
    ) {
        self.holding = holding
        self.answer = answer
    }

    var requests: [ControlRequest] { recorded.withLock { $0 } }

    var handler: ControlServer.Handler {
        { request, answer in Task { answer(await self.handle(request)) } }
    }

    /// How many requests wait in the handler now.
    var waiting: Int { held.withLock { $0.waiting.count } }

    /// Lets held requests go, and every later one through at once.
    func release() {
        let waiting = held.withLock { held in
            held.released = true
            defer { held.waiting = [] }
            return held.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    private func handle(_ request: ControlRequest) async -> ControlResponse {
        recorded.withLock { $0.append(request) }
        if request == holding {
            await withCheckedContinuation { continuation in
                let parked = held.withLock { held in
                    if held.released { return false }
                    held.waiting.append(continuation)
                    return true
                }
                if !parked { continuation.resume() }
            }
        }
        return answer(request)
    }
}
