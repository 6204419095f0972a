import Foundation

/// The one thread that writes the player's state files (`resume.json`, `volume.json`,
/// `listening-now.json`, `listens.json`), in the order they were asked for, so that the engine
/// never waits for an fsync (slow on SD cards), and a flush at shutdown waits for all of them:
/// a `BlockingPool` of one thread.
///
/// One coalescing rule for every file: a write under a key (the file it replaces) takes the
/// place of one under the same key still waiting, at the end of the line. A write reads the
/// state when it runs, so the latest state is written, once, after everything asked before it:
/// saves every few seconds of a player that a slow card holds up cost one write each, not a
/// queue of stale ones. Writes without a key (a listen added to the log) all run.
///
/// Threads: any. The jobs run on `cdwally-state`, started at the first write.
public final class StateWriter: Sendable {
    /// The writer of every store of this process.
    public static let shared = StateWriter(name: "cdwally-state")

    private let pool: BlockingPool

    public init(name: String) {
        pool = BlockingPool(threads: 1, name: name)
    }

    /// Runs `body` on the writer's thread after the writes asked for before it; a waiting write
    /// under the same `key` is dropped for it.
    public func write(key: String? = nil, _ body: @escaping @Sendable () -> Void) {
        pool.submit(replacing: key, body)
    }

    /// Runs `body` on the writer's thread after every write asked for before it, and returns
    /// what it returned: a flush (`sync {}`) returns once those writes are done.
    public func sync<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
        pool.start(body).value()
    }
}
