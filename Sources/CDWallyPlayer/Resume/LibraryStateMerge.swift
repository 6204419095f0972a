import CDWallyCore
import CDWallySystem
import CDWallyVocabulary
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Brings the resume points and listens that an earlier cdwally kept per library path
/// (`<state home>/<libhash>/`) into the user's one state folder, once. They belong to the
/// albums, whose ids are relative to the library, not to the path where the library was
/// mounted (docs/PRODUCT.md §11), so a library moved since keeps them too.
///
/// Nothing is lost and nothing is overwritten: a disc saved in both keeps the place played
/// last; listens known by disc and start are not counted twice, and the older totals add up.
/// A folder merged has its files renamed to `….merged` (never over another file), which is
/// what makes the merge happen once and leaves the old bytes for a person to look at. A file
/// that does not read (damaged, or of a newer cdwally) leaves its whole folder as it is, said
/// in one line. The merge holds the state folder's writer lock (`ResumeStore.claimWriting`);
/// while a running player holds it, the merge waits for a later command.
public enum LibraryStateMerge {
    static let suffix = ".merged"
    private static let files = [ResumeStore.fileName, ListeningLog.fileName, ListeningLog.inProgressFileName]

    /// Merges every library folder under `homes` that holds state into `folder`; returns what
    /// could not be merged, one line each, for stderr.
    public static func run(into folder: RawPath, from homes: [RawPath]) -> [String] {
        let sources = Self.sources(in: homes, besides: folder)
        guard !sources.isEmpty else { return [] }
        let claim: FileLock
        do throws(AtomicFile.Failure) {
            try AtomicFile.makeDirectory(folder)
            guard case .acquired(let lock) = try FileLock.attempt(folder, folder: true) else { return [] }
            claim = lock
        } catch {
            return ["cannot merge earlier state into \(folder.display): \(error.reason)"]
        }
        defer { claim.release() }
        let resumeFile = folder.appending(ResumeStore.fileName)
        var state: ResumeState
        switch read(resumeFile) {
        case .success(let found): state = found ?? .empty
        case .failure(let problem):
            return ["earlier state not merged: \(resumeFile.display) is \(problem.reason)"]
        }
        var lines: [String] = []
        for source in sources {
            do throws(MergeProblem) {
                try merge(source, into: folder, state: &state)
            } catch {
                lines.append("earlier state in \(source.display) not merged: \(error.reason)")
            }
        }
        return lines
    }

    private struct MergeProblem: Error {
        var reason: String
    }

    private static func merge(_ source: RawPath, into folder: RawPath, state: inout ResumeState)
        throws(MergeProblem)
    {
        var theirs: ResumeState?
        switch read(source.appending(ResumeStore.fileName)) {
        case .success(let found): theirs = found
        case .failure(let problem):
            throw MergeProblem(reason: "\(ResumeStore.fileName) is \(problem.reason)")
        }
        let log = ListeningLog(directory: source, access: .reading)
        if let problem = log.problems.first { throw MergeProblem(reason: problem.description) }
        if let theirs {
            state.take(theirs)
            do {
                try AtomicFile.replace(
                    folder.appending(ResumeStore.fileName),
                    with: Array(try ResumeFile(state: state).encoded()))
            } catch {
                throw MergeProblem(reason: (error as? AtomicFile.Failure)?.reason ?? "\(error)")
            }
        }
        if !log.history.isEmpty {
            do throws(PlayerError) {
                try ListeningLog(directory: folder, access: .writing).merge(log.history)
            } catch {
                throw MergeProblem(reason: error.description)
            }
        }
        for name in files {
            let file = source.appending(name)
            guard FileStatus.of(file) != nil else { continue }
            guard renameAside(file) else {
                throw MergeProblem(reason: "\(name) merged, but it could not be renamed to \(name)\(suffix)")
            }
        }
    }

    /// The folders directly under `homes` that hold a state file not merged yet.
    private static func sources(in homes: [RawPath], besides folder: RawPath) -> [RawPath] {
        let own = folder.lexicallyNormalized()
        var seen: Set<RawPath> = []
        var found: [RawPath] = []
        for home in homes where seen.insert(home.lexicallyNormalized()).inserted {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: home.display)) ?? []
            for name in names.sorted() {
                let candidate = home.appending(name)
                guard candidate.lexicallyNormalized() != own,
                    files.contains(where: { FileStatus.of(candidate.appending($0)) != nil })
                else { continue }
                found.append(candidate)
            }
        }
        return found
    }

    private static func read(_ file: RawPath) -> Result<ResumeState?, ResumeFileProblem> {
        do throws(AtomicFile.Failure) {
            guard let bytes = try AtomicFile.contents(of: file) else { return .success(nil) }
            do throws(ResumeFileProblem) {
                return .success(try ResumeFile.decode(Data(bytes)))
            } catch {
                return .failure(error)
            }
        } catch {
            return .failure(ResumeFileProblem(reason: "unreadable (\(error.reason))"))
        }
    }

    /// Renames `file` to `….merged`, else the first free `….merged.N`, never over a file:
    /// `link` then `unlink`, or `rename` after a look where the file system has no links.
    private static func renameAside(_ file: RawPath) -> Bool {
        for number in 0..<1000 {
            let aside = file.parent.appending(
                file.lastComponent.display + suffix + (number == 0 ? "" : ".\(number)"))
            if file.withCString({ from in aside.withCString { to in link(from, to) } }) == 0 {
                _ = file.withCString { unlink($0) }
                return true
            }
            switch errno {
            case EEXIST: continue
            case EPERM, EOPNOTSUPP, EMLINK:
                guard FileStatus.of(aside) == nil else { continue }
                return file.withCString { from in aside.withCString { to in rename(from, to) } } == 0
            default: return false
            }
        }
        return false
    }
}

extension ResumeState {
    /// Takes another folder's places: a disc in both keeps the one played last, and so does
    /// the last disc; the volume only when none was kept here.
    fileprivate mutating func take(_ other: ResumeState) {
        for (id, resume) in other.discs where (discs[id]?.lastPlayed).map({ $0 < resume.lastPlayed }) ?? true
        {
            discs[id] = resume
        }
        func playedLast(_ id: AlbumID?) -> Date {
            id.flatMap { discs[$0]?.lastPlayed } ?? .distantPast
        }
        if let theirs = other.lastDisc, lastDisc == nil || playedLast(theirs) > playedLast(lastDisc) {
            lastDisc = theirs
            lastDiscWasPlaying = other.lastDiscWasPlaying
        }
        if volume == nil, let level = other.volume {
            volume = level
            muted = other.muted
        }
    }
}
