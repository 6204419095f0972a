import CDWallyCore
import CDWallySystem
import CDWallyVocabulary

/// A track mpv cannot open, at its `on_load_fail` hook, where mpv waits before it skips the
/// track. A file that went alone (damaged, deleted) is skipped, as mpv would skip it. A file
/// that went with its disk, a stick pulled near a track's end before the host's watcher saw
/// the library go, would have every later track skipped in turn and the disc counted finished.
/// That disc stops there instead, as a power cut would stop it: its place saved as playing, to
/// play on when the library is back (`Player.interruptedDisc`).
///
/// Only for a disc that was heard: a disc that never played reports that nothing of it plays,
/// as ever. The look at the disk may wait on one that does not answer (a share whose server
/// went): it runs on the blocking pool while mpv waits, and the engine answers meanwhile.
extension PlayerEngine {
    static let loadFailHook = "on_load_fail"

    func mpvWaits(atHook name: String, id: UInt64) {
        heldHooks.insert(id)
        guard name == Self.loadFailHook, let queue, queue.hasPlayed, let disc,
            let entry = cursor.openingEntry, let index = queue.trackIndex(of: entry)
        else { return release(hook: id) }
        let path = disc.album.tracks[index - 1].path
        let load = queue.load
        Task {
            let look = try? await BlockingPool.shared.run { FileStatus.mayHaveGoneWithItsDisk(path) }
            trackFailed(path, goneWithItsDisk: look ?? false, load: load, hook: id)
        }
    }

    private func trackFailed(_ path: RawPath, goneWithItsDisk gone: Bool, load: Int, hook id: UInt64) {
        // Let go after the stop is posted, so mpv opens no later track first.
        defer { release(hook: id) }
        guard gone, queue?.load == load else { return }
        hub.emit(.warning(.goneWithItsDisk(path)))
        _ = interrupt()
    }

    /// Lets mpv go on from a hook, once. `mpv_hook_continue` takes mpv's core lock: off this
    /// thread, though a core waiting at a hook gives it at once.
    func release(hook id: UInt64) {
        guard heldHooks.remove(id) != nil else { return }
        let mpv = self.mpv
        Task.detached { try? await BlockingPool.shared.run { mpv.continueHook(id) } }
    }
}
