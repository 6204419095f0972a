import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation

/// Every disc's saved place, and the disc played last, kept in `resume.json` in the state
/// directory (format in `ResumeFile`). The player records into it; `cdwally discs --json`
/// reads it to show where each disc would resume.
///
/// A missing file is an empty store. A file cut short or garbage is ignored and reported
/// through `loadProblem`, never fatal; the next save replaces it. A file from a newer cdwally
/// is reported the same way (`PlayerError.newerStateFile`), but never replaced: this store
/// then saves nothing, and a downgrade loses no newer cdwally's positions.
///
/// Only the process holding an exclusive `flock` on the state folder writes the file: the
/// player claims it when it starts (`claimWriting`), and any store claims it before its
/// first write. A second player of the same library, started some other way than the
/// one-player rule foresees, thus cannot put its stale copy of the positions over the
/// first one's; it is told so instead. Readers (`discs`, the web remote) never lock.
///
/// Threads: any. The state sits behind a lock. Writes run on the state writer
/// (`StateWriter.shared`), so the player never waits for fsync (slow on SD cards), and they
/// coalesce: any number of saves while one write waits cost one write of the latest state.
public final class ResumeStore: Sendable {
    public static let fileName = "resume.json"

    /// The resume file.
    public let file: RawPath
    /// The state folder holding it, which a writer locks.
    public let directory: RawPath
    /// Why the existing file was ignored, if it was (`PlayerError.resumeStateUnreadable`).
    public let loadProblem: PlayerError?

    private let stored: LockedValue<Stored>
    private let writeClaim = LockedValue<FileLock?>(nil)

    /// Reads `resume.json` in `directory`, if there is one.
    public init(directory: RawPath) {
        self.directory = directory
        let file = directory.appending(Self.fileName)
        self.file = file
        var state = ResumeState.empty
        var problem: PlayerError?
        do throws(AtomicFile.Failure) {
            if let bytes = try AtomicFile.contents(of: file) {
                let data = Data(bytes)
                do throws(ResumeFileProblem) {
                    state = try ResumeFile.decode(data)
                } catch {
                    problem =
                        error.newerVersion.map {
                            .newerStateFile(
                                file: file.display, version: $0, readable: ResumeFile.currentVersion)
                        } ?? .resumeStateUnreadable(file: file.display, reason: error.reason)
                }
            }
        } catch {
            problem = .resumeStateUnreadable(file: file.display, reason: error.reason)
        }
        loadProblem = problem
        stored = LockedValue(Stored(state: state))
    }

    /// The saved place of one disc, if it was ever played.
    public func resume(for id: AlbumID) -> DiscResume? {
        stored.withLock { $0.state.discs[id] }
    }

    /// Where playing `album` would start; nil when it was never played.
    public func resumePoint(for album: Album) -> ResumePoint? {
        (resume(for: album.id) ?? savedUnderOlderID(album)?.resume)?.resumePoint(in: album)
    }

    /// The wallet position of the disc played last, if the wallet holds it.
    public func position(ofLastDiscIn wallet: Wallet) -> Int? {
        guard let id = lastDisc else { return nil }
        return wallet.position(of: id)
            ?? wallet.discs.firstIndex { savedUnderOlderID($0)?.id == id }.map { $0 + 1 }
    }

    /// The place of `album` saved under the id an older cdwally gave it (before an album's id
    /// took its own folder, docs/PRODUCT.md §3): the newest entry whose track is one of the
    /// album's. Only a disc's own files lead to it, so another album never matches; the
    /// player's next save records it under the album's id, and so the key moves over once.
    private func savedUnderOlderID(_ album: Album) -> (id: AlbumID, resume: DiscResume)? {
        let paths = Set(album.tracks.map(\.path))
        return stored.withLock { stored in
            stored.state.discs.filter { paths.contains($0.value.trackPath) }
                .max { $0.value.lastPlayed < $1.value.lastPlayed }
                .map { ($0.key, $0.value) }
        }
    }

    /// The disc played most recently, if any.
    public var lastDisc: AlbumID? {
        stored.withLock { $0.state.lastDisc }
    }

    /// The last disc was playing when the last player saved it: a power cut, kill -9 or a
    /// shutdown ended it mid-play, so `serve` plays it on (docs/PRODUCT.md §6).
    public var lastDiscWasPlaying: Bool {
        stored.withLock { $0.state.lastDisc != nil && $0.state.lastDiscWasPlaying }
    }

    /// The software volume level last set (nil: never changed), and whether it was muted.
    public var volume: (level: Int?, muted: Bool) {
        stored.withLock { ($0.state.volume, $0.state.muted) }
    }

    /// Remembers the volume. Call `save` to write it.
    func recordVolume(level: Int, muted: Bool) {
        stored.withLock { stored in
            stored.state.volume = level
            stored.state.muted = muted
            stored.isDirty = true
        }
    }

    /// Every disc's saved place.
    public var discs: [AlbumID: DiscResume] {
        stored.withLock { $0.state.discs }
    }

    /// Remembers `resume` for disc `id`, which becomes the last disc played, and whether it
    /// is playing. Call `save` to write it.
    func record(_ resume: DiscResume, for id: AlbumID, playing: Bool = false) {
        stored.withLock { stored in
            stored.state.discs[id] = resume
            stored.state.lastDisc = id
            stored.state.lastDiscWasPlaying = playing
            stored.isDirty = true
        }
    }

    /// Makes this process the only writer of the state folder, for as long as it holds it
    /// (until `releaseWriting()`, or its end). Throws `.stateInUse` when another process
    /// holds it; the folder is created (0700) when missing.
    public func claimWriting() throws(PlayerError) {
        try writeClaim.withLock { claim throws(PlayerError) in
            if claim?.isHeld == true { return }
            let attempt: FileLock.Attempt
            do throws(AtomicFile.Failure) {
                try AtomicFile.makeDirectory(directory)
                attempt = try FileLock.attempt(directory, folder: true)
            } catch {
                throw PlayerError.resumeStateNotSaved(file: file.display, reason: error.reason)
            }
            guard case .acquired(let lock) = attempt else {
                throw PlayerError.stateInUse(folder: directory.display)
            }
            claim = lock
            // The folder is this player's now: what a cut left of a write goes.
            AtomicFile.sweepLeftovers(in: directory)
        }
    }

    /// Lets another process write the folder (the player's shutdown, after its last save).
    public func releaseWriting() {
        writeClaim.withLock { claim in
            claim?.release()
            claim = nil
        }
    }

    /// Writes the state soon, off the caller's thread; a failure goes to `report`.
    func save(reportingTo report: @escaping @Sendable (PlayerError) -> Void) {
        StateWriter.shared.write(key: file.display) {
            if let error = self.writeIfDirty() { report(error) }
        }
    }

    /// Writes any unsaved state now; a failure goes to `report` unless a save already
    /// reported it, so that a full disk is said once, not again at quit.
    func flush(reportingTo report: (PlayerError) -> Void) {
        if let error = StateWriter.shared.sync({ self.writeIfDirty() }) { report(error) }
    }

    /// Writes any unsaved state now and returns when it is on disk.
    public func flush() throws(PlayerError) {
        StateWriter.shared.sync { _ = self.writeIfDirty() }
        let failure = stored.withLock { $0.isDirty ? $0.lastFailure : nil }
        if let failure { throw failure }
    }

    /// Runs on the state writer only. Returns a failure only when it differs from the last one, so a
    /// read-only disk is reported once rather than every five seconds.
    private func writeIfDirty() -> PlayerError? {
        let state: ResumeState? = stored.withLock { stored in
            guard stored.isDirty else { return nil }
            stored.isDirty = false
            return stored.state
        }
        guard let state else { return nil }
        // Said once, by `loadProblem`, when the store was opened.
        if case .newerStateFile = loadProblem { return nil }
        do {
            try claimWriting()
            try AtomicFile.replace(file, with: Array(try ResumeFile(state: state).encoded()))
            stored.withLock { $0.lastFailure = nil }
            return nil
        } catch {
            let failure =
                error as? PlayerError
                ?? .resumeStateNotSaved(
                    file: file.display, reason: (error as? AtomicFile.Failure)?.reason ?? "\(error)")
            // Left dirty, so the next save tries again (the disk may come back).
            return stored.withLock { stored in
                stored.isDirty = true
                defer { stored.lastFailure = failure }
                return stored.lastFailure == failure ? nil : failure
            }
        }
    }
}

/// The store's state and its write bookkeeping, behind the store's lock.
private struct Stored: Sendable {
    var state: ResumeState
    var isDirty = false
    var lastFailure: PlayerError?
}
