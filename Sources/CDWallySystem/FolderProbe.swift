import CDWallyCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a folder's file system answers: a thread of its own asks it again and again
/// (`statvfs`, which an NFS client sends to its server and FUSE to its daemon every time, where
/// a `stat` may come from a cache), and the others read how long the question has waited
/// without touching the file system themselves.
///
/// A network share whose server went away holds every thread that touches it for as long as
/// it is gone (a hard mount, Linux's default): the music stops where mpv's reads wait, and the
/// wallet watcher waits in its look at the playlist. This thread is the one that may wait on
/// purpose, so that the rest can say what is wrong.
///
/// Threads: `start` and `stop` from any thread; the question on `cdwally-probe`; `waited`
/// from any thread, under a lock.
public final class FolderProbe: Sendable {
    /// How long a question may wait before the folder counts as not answering: a disk spinning
    /// up or a busy server answers well within it.
    public static let patience: Duration = .seconds(3)

    public let folder: RawPath
    private let interval: Duration
    /// When the question in flight was asked (nil between questions), and whether to stop.
    private let state = LockedValue<(asked: ContinuousClock.Instant?, stopped: Bool)>((nil, false))

    public init(folder: RawPath, interval: Duration = .seconds(1)) {
        self.folder = folder
        self.interval = interval
    }

    /// Starts asking; once.
    public func start() {
        NamedThread.start("cdwally-probe") { [self] in
            let path = folder.bytes + [0]
            while true {
                let go = state.withLock { state -> Bool in
                    state.asked = state.stopped ? nil : .now
                    return !state.stopped
                }
                guard go else { return }
                // An automount point with nothing mounted over it (a stick pulled) has no file
                // system to wait for, and asking it is a failed mount in the system journal.
                if !MountTable.isBareAutomountPoint(folder) {
                    var answer = statvfs()
                    // Any answer counts, an error too: the folder's file system answered.
                    _ = path.withUnsafeBufferPointer { bytes in
                        bytes.withMemoryRebound(to: CChar.self) { statvfs($0.baseAddress!, &answer) }
                    }
                }
                state.withLock { $0.asked = nil }
                Thread.sleep(forTimeInterval: interval.inSeconds)
            }
        }
    }

    /// Stops asking; never waits: the thread may be held in the kernel until the server is
    /// back, and then ends by itself.
    public func stop() {
        state.withLock { $0.stopped = true }
    }

    /// How long the question in flight has waited so far; zero between questions.
    public var waited: Duration {
        state.current.asked.map { .now - $0 } ?? .zero
    }

    /// Whether the folder has not answered within `patience`.
    public var isSilent: Bool { waited >= Self.patience }
}
