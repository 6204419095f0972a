import CDWallySystem
import CDWallyVocabulary
import Glibc

extension ControlConnection {
    /// What the kernel holds for a following client: a few lines. A client that stops reading
    /// then finds little that is stale ahead of the newest state, which waits here, coalesced.
    static let followSendBuffer: Int32 = 8192

    /// Serves a `follow` request: the status now, then again whenever what a status bar shows
    /// changed, until the client hangs up, the player ends or the server stops. No request
    /// timeout: a status bar may hear nothing for hours while the player is paused.
    func follow(_ follower: ControlServer.Follower) {
        let subscription = ControlSubscription(ready: answerReady)
        defer { subscription.cancel() }
        socket.limitSendBuffer(to: Self.followSendBuffer)
        follower(subscription)
        var sent: PlayerStatus?
        while true {
            var descriptors = [
                pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: answerReady.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            switch PollThread.wait(&descriptors, until: nil, stop: stop) {
            case .stopped, .failed: return
            case .timedOut, .ready: break
            }
            // What the client sends now is read and dropped; its hanging up ends the subscription.
            if descriptors[0].revents != 0, case .end = socket.receive() { return }
            guard descriptors[1].revents != 0 else { continue }
            let (status, ended) = subscription.take()
            if let status, Self.shown(status) != sent {
                sent = Self.shown(status)
                let line = ControlProtocol.line(ControlResponse.ok(status).json)
                // Waits as long as the client is there: posts meanwhile coalesce in the slot.
                guard socket.sendAll(line, until: nil, stop: stop) else {
                    logger.debug("control: a follower went away")
                    return
                }
            }
            if ended { return }
        }
    }

    /// What a status bar shows of `status`: the elapsed time in whole seconds, since a bar
    /// redraws once a second, not at each of mpv's reports (several a second).
    static func shown(_ status: PlayerStatus) -> PlayerStatus {
        var shown = status
        shown.elapsed = status.elapsed.rounded(.down)
        return shown
    }
}
