/// The one way cover work runs, for every front end (the terminal's drawing, the web's
/// thumbnails, MPRIS's art URL): on one thread of the process's own, one job at a time, a job
/// replacing one under its key that still waits, its answer handed to a callback. Nothing
/// awaits a cover: a front end shows what it has at once and adds the cover when it comes, so
/// a slow disk, a huge picture or a hung decoder never holds up a display, a page or a bus
/// signal.
///
/// A job is short: long work (a batch of thumbnails after another) goes back in the queue
/// after each part, so that the others' jobs run in between.
///
/// Threads: `submit` from any thread; jobs run on `cdwally-cover-1`.
public final class CoverLane: Sendable {
    /// The process's lane: covers are cache files, and one picture decoded at a time is
    /// enough for a small board.
    public static let shared = CoverLane(name: "cdwally-cover")

    /// Whose job it is and what for: a later job under the same key replaces one still
    /// waiting. Each front end's instance has keys of its own.
    public struct Key: Hashable, Sendable {
        private let owner: ObjectIdentifier
        private let purpose: String

        public init(_ owner: AnyObject, _ purpose: String) {
            self.owner = ObjectIdentifier(owner)
            self.purpose = purpose
        }

        var text: String { "\(owner.hashValue):\(purpose)" }
    }

    private let pool: BlockingPool

    public init(name: String) {
        pool = BlockingPool(threads: 1, name: name)
    }

    /// Queues `job` and returns at once; a job under `key` not started yet is dropped for it.
    public func submit(_ key: Key, _ job: @escaping @Sendable () -> Void) {
        pool.submit(replacing: key.text, job)
    }
}
