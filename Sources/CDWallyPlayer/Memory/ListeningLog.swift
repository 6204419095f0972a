import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The listening memory of the user: `listens.json` and `listening-now.json` in the state
/// folder, whatever library a disc came from (album ids are relative to it), beside
/// `resume.json` (formats in `ListeningLogFile`). The player records into it; `stats`,
/// `discs --played`, the web wallet and the random pick read it. It lives in the state
/// folder, never in the index cache, which may be thrown away.
///
/// Power cuts: both files are replaced atomically (`AtomicFile`), so a file is always whole.
/// The listen in progress goes to `listening-now.json` with every resume point (every few
/// seconds while playing): a killed player loses at most those seconds of the listen in
/// progress. The log itself is rewritten only when a listen ends, and the next player folds a
/// leftover listen in progress into it (a listen is known by disc and start, so never twice).
///
/// A damaged file is said in one line (`problems`) and counts as none; nothing fails because
/// of it. A writer (`Access.writing`) also renames it to `….damaged`, or `….damaged.1`, `.2`…
/// when that name is taken (never over a file set aside before), so that its next write does
/// not lose it; a reader leaves it where it is. A file of a newer format is not damaged: it is
/// neither read nor moved nor replaced (`refusal`), and a writer's writes fail.
///
/// Writers: every rewrite of the log is a read-modify-write under `listens.lock`, so the player
/// and `stats --forget` never undo each other. Readers take no lock.
///
/// Threads: any. The player's writes run on the state writer (`StateWriter.shared`), so the
/// engine never waits for fsync; the history last read or written sits behind a lock.
public final class ListeningLog: Sendable {
    public static let fileName = "listens.json"
    public static let inProgressFileName = "listening-now.json"
    static let lockName = "listens.lock"

    /// Whether opening the log may set a damaged file aside. Its writes always may: they must
    /// not replace a damaged file a person may want back.
    public enum Access: Sendable {
        /// `stats`, `discs`, the web's GETs: they never move, rename or rewrite the user's data.
        case reading
        /// The player and `stats --forget`, which write the log next.
        case writing
    }

    public let directory: RawPath
    public var file: RawPath { directory.appending(Self.fileName) }
    var inProgressFile: RawPath { directory.appending(Self.inProgressFileName) }
    /// The files damaged, unreadable or too new when they were read, each as one line for the
    /// user.
    public let problems: [PlayerWarning]
    /// A file of a newer format met while reading, which a command that shows the history
    /// fails with rather than show none.
    public var refusal: PlayerError? {
        problems.lazy.compactMap { problem -> PlayerError? in
            guard case .newerStateFile(let file, let version, let readable) = problem else { return nil }
            return .newerStateFile(file: file, version: version, readable: readable)
        }.first
    }

    private let minimumSeconds: Double
    private let cached: LockedValue<ListeningHistory>
    /// The last write's failure, said once (`failed`).
    private let lastFailure = LockedValue<PlayerError?>(nil)
    /// The player's listens the log may not hold yet, counted by `historyNow` so that its
    /// readers need no file: the one in progress, as last kept, and those ended whose write is
    /// still queued.
    private let unwritten = LockedValue<(inProgress: Listen?, ended: [Listen])>((nil, []))

    /// Reads the memory in `directory`; a listen in progress long enough to keep counts too.
    public init(directory: RawPath, minimumSeconds: Double = Listen.minimumSeconds, access: Access = .reading)
    {
        self.directory = directory
        self.minimumSeconds = minimumSeconds
        var problems: [PlayerWarning] = []
        var history = Self.readLog(in: directory, access: access, problems: &problems)
        if let listen = Self.readInProgress(in: directory, access: access, problems: &problems),
            listen.isKept(minimumSeconds: minimumSeconds)
        {
            history.add(listen)
        }
        self.problems = problems
        cached = LockedValue(history)
    }

    /// Everything remembered, as last read or written by this process.
    public var history: ListeningHistory { cached.current }

    /// `history` with the player's listens the log may not hold yet (the one in progress, when
    /// long enough to keep, and those ended whose write is queued): what a reader of the files
    /// would count, from memory.
    public var historyNow: ListeningHistory {
        var history = cached.current
        let (inProgress, ended) = unwritten.current
        for listen in ended { history.add(listen) }
        if let inProgress, inProgress.isKept(minimumSeconds: minimumSeconds) { history.add(inProgress) }
        return history
    }

    // MARK: The player's writes, off its thread

    /// Folds a listen in progress that a power cut or a kill left behind into the log; the
    /// player calls it once, before its first listen.
    func recoverInterrupted(reportingTo report: @escaping @Sendable (PlayerError) -> Void) {
        StateWriter.shared.write {
            var problems: [PlayerWarning] = []
            guard
                let listen = Self.readInProgress(in: self.directory, access: .writing, problems: &problems)
            else { return }
            do throws(PlayerError) {
                if listen.isKept(minimumSeconds: self.minimumSeconds) {
                    try self.change { $0.add(listen) }
                }
                self.removeInProgressFile()
                self.succeeded()
            } catch {
                self.failed(error, reportingTo: report)
            }
        }
    }

    /// Keeps `listen` as the listen in progress, soon; saves in quick succession cost one write.
    func keep(inProgress listen: Listen, reportingTo report: @escaping @Sendable (PlayerError) -> Void) {
        unwritten.withLock { $0.inProgress = listen }
        StateWriter.shared.write(key: inProgressFile.display) {
            do {
                try AtomicFile.replace(
                    self.inProgressFile, with: Array(try ListenInProgressFile(listen: listen).encoded()))
                self.succeeded()
            } catch {
                self.failed(
                    .listeningLogNotSaved(folder: self.directory.display, reason: Self.reason(error)),
                    reportingTo: report)
            }
        }
    }

    /// Ends the listen in progress: adds it to the log when it is worth keeping (`isKept`, with
    /// the disc's length when known), and removes the file of the listen in progress once the
    /// log holds it.
    func end(
        _ listen: Listen, discSeconds: Double? = nil,
        reportingTo report: @escaping @Sendable (PlayerError) -> Void
    ) {
        let kept = listen.isKept(minimumSeconds: minimumSeconds, discSeconds: discSeconds)
        unwritten.withLock { unwritten in
            if unwritten.inProgress?.isSame(as: listen) == true { unwritten.inProgress = nil }
            if kept { unwritten.ended.append(listen) }
        }
        StateWriter.shared.write {
            do throws(PlayerError) {
                if kept { try self.change { $0.add(listen) } }
                self.removeInProgressFile()
                self.succeeded()
            } catch {
                self.failed(error, reportingTo: report)
            }
            self.unwritten.withLock { $0.ended.removeAll { $0.isSame(as: listen) } }
        }
    }

    /// Passes a write's failure on unless it is the one reported last, so that a full or
    /// read-only disk is said once, not with every resume point (as `ResumeStore` does).
    private func failed(_ error: PlayerError, reportingTo report: (PlayerError) -> Void) {
        let isNew = lastFailure.withLock { last in
            defer { last = error }
            return last != error
        }
        if isNew { report(error) }
    }

    private func succeeded() {
        lastFailure.set(nil)
    }

    /// Returns once every write asked for so far is on disk.
    func flush() {
        StateWriter.shared.sync {}
    }

    // MARK: Ids of an older cdwally

    /// Carries over, once, the listens of each album filed under the id an older cdwally gave
    /// it (`Album.olderID`) to its id, when the id has none of its own yet. Nothing is written
    /// when there is nothing to carry over.
    public func adoptOlderIDs(of albums: [Album]) throws(PlayerError) {
        let known = history
        let moves = albums.filter {
            $0.olderID != $0.id && known.remembers($0.olderID) && !known.remembers($0.id)
        }
        .map { ($0.olderID, $0.id) }
        guard !moves.isEmpty else { return }
        try change { history in
            for (old, new) in moves where !history.remembers(new) { history.rename(old, to: new) }
        }
    }

    /// Adds the history an earlier cdwally kept in a library's own folder
    /// (`LibraryStateMerge`); a listen the log holds already is not counted twice.
    func merge(_ other: ListeningHistory) throws(PlayerError) {
        try change { $0.merge(other) }
    }

    // MARK: Erasing, for `stats --forget`

    /// Erases every listen of `disc`.
    public func forget(_ disc: AlbumID) throws(PlayerError) {
        try change { $0.forget(disc) }
    }

    /// Erases the whole memory, the listen in progress of a stopped player included.
    public func forgetAll() throws(PlayerError) {
        try change { $0 = .empty }
        removeInProgressFile()
    }

    // MARK: Reading and writing the files

    /// Applies `modify` to the log on disk (as it is now, not as cached) under the lock, and
    /// writes it back.
    private func change(_ modify: (inout ListeningHistory) -> Void) throws(PlayerError) {
        let failed = { (error: any Error) in
            PlayerError.listeningLogNotSaved(folder: self.directory.display, reason: Self.reason(error))
        }
        let lock: FileLock
        do throws(AtomicFile.Failure) {
            try AtomicFile.makeDirectory(directory)
            lock = try FileLock.waitingFor(directory.appending(Self.lockName))
        } catch {
            throw failed(error)
        }
        defer { lock.release() }
        var problems: [PlayerWarning] = []
        var history = Self.readLog(in: directory, access: .writing, problems: &problems)
        // Never over a newer cdwally's history, which a reader of this one cannot tell from none.
        for case .newerStateFile(let file, let version, let readable) in problems {
            throw .newerStateFile(file: file, version: version, readable: readable)
        }
        modify(&history)
        history.compact()
        do {
            try AtomicFile.replace(file, with: Array(try ListeningLogFile(history: history).encoded()))
        } catch {
            throw failed(error)
        }
        cached.withLock { $0 = history }
    }

    /// A write failure's words: the system's, or the encoder's.
    private static func reason(_ error: any Error) -> String {
        (error as? AtomicFile.Failure)?.reason ?? "\(error)"
    }

    private func removeInProgressFile() {
        _ = inProgressFile.withCString { unlink($0) }
    }

    /// The log in `directory`: empty when there is none, and when it is damaged or newer (a
    /// line is then added to `problems`, and a writer sets a damaged one aside).
    private static func readLog(in directory: RawPath, access: Access, problems: inout [PlayerWarning])
        -> ListeningHistory
    {
        let path = directory.appending(fileName)
        do throws(AtomicFile.Failure) {
            guard let bytes = try AtomicFile.contents(of: path) else { return .empty }
            do throws(ListeningFileProblem) {
                return try ListeningLogFile.decode(Data(bytes))
            } catch {
                problems.append(unread(path, error, access: access))
            }
        } catch {
            problems.append(.listeningLogUnreadable(file: path.display, reason: error.reason))
        }
        return .empty
    }

    private static func readInProgress(in directory: RawPath, access: Access, problems: inout [PlayerWarning])
        -> Listen?
    {
        let path = directory.appending(inProgressFileName)
        do throws(AtomicFile.Failure) {
            guard let bytes = try AtomicFile.contents(of: path) else { return nil }
            do throws(ListeningFileProblem) {
                return try ListenInProgressFile.decode(Data(bytes))
            } catch {
                problems.append(unread(path, error, access: access))
            }
        } catch {
            problems.append(.listeningLogUnreadable(file: path.display, reason: error.reason))
        }
        return nil
    }

    /// What became of a file that did not decode: a newer one is left alone, a damaged one
    /// set aside by a writer.
    private static func unread(_ path: RawPath, _ problem: ListeningFileProblem, access: Access)
        -> PlayerWarning
    {
        if let version = problem.newerVersion {
            return .newerStateFile(
                file: path.display, version: version, readable: ListeningLogFile.currentVersion)
        }
        guard access == .writing, let aside = setAside(path) else {
            return .listeningLogUnreadable(file: path.display, reason: problem.reason)
        }
        return .listeningLogSetAside(file: path.display, aside: aside.display, reason: problem.reason)
    }

    /// Renames a damaged file to `….damaged`, else the first free `….damaged.N`, for a person
    /// to look at, out of the way of the next write; nil when it could not be moved.
    /// `link(2)` then `unlink(2)`, because `rename(2)` would replace a file set aside before
    /// that appeared since it was looked for; `rename` only where the file system has no links.
    private static func setAside(_ path: RawPath) -> RawPath? {
        for number in 0..<1000 {
            let aside = path.parent.appending(
                "\(path.lastComponent.display).damaged" + (number == 0 ? "" : ".\(number)"))
            let linked = path.withCString { from in aside.withCString { to in link(from, to) } } == 0
            if linked {
                _ = path.withCString { unlink($0) }
                return aside
            }
            switch errno {
            case EEXIST:
                continue
            case EPERM, EOPNOTSUPP, EMLINK:
                guard case .failed(errno: ENOENT) = FileStatus.lookUp(aside) else { continue }
                let renamed = path.withCString { from in aside.withCString { to in rename(from, to) } } == 0
                return renamed ? aside : nil
            default:
                return nil
            }
        }
        return nil
    }
}
