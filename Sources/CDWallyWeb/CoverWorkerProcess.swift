import CDWallyCore
import CDWallySystem
import Foundation
import Logging

/// The parent side of `CoverWorker`: runs `cdwally cover-worker` over a batch of pictures and
/// reads its answers, a line per picture, each within `patience`. A worker that dies or stalls
/// on a picture is killed; that picture gets no cover and a new worker goes on with the rest.
///
/// Threads: the caller's (the covers thread); it blocks while the worker runs.
struct CoverWorkerProcess {
    /// The worker's argv before `-- FOLDER SOURCE...`.
    let command: [String]
    let folder: String
    let patience: Duration
    let logger: Logger

    /// The content hash of each source's thumbnails at `sizes`, or nil where none were made.
    func run(_ sources: [String], sizes: [Int] = CoverWorker.sizes) -> [String?] {
        var hashes: [String?] = []
        var remaining = sources[...]
        while !remaining.isEmpty {
            let answered = attempt(Array(remaining), sizes: sizes)
            hashes += answered.hashes
            remaining = remaining.dropFirst(answered.hashes.count)
            guard let failure = answered.failure else { continue }
            if answered.startable {
                // The first unanswered picture stopped the worker: it gets no cover.
                logger.notice("cover of \(remaining.first.map(ShownText.clean) ?? "?") not made: \(failure)")
                hashes.append(nil)
                remaining = remaining.dropFirst()
            } else {
                logger.warning("covers not made: \(failure)")
                return hashes + remaining.map { _ in nil }
            }
        }
        return hashes
    }

    private struct Answers {
        var hashes: [String?] = []
        /// Why the worker stopped before answering every source.
        var failure: String?
        /// False when the worker could not be started at all.
        var startable = true
    }

    private func attempt(_ sources: [String], sizes: [Int]) -> Answers {
        var answers = Answers()
        let child: SpawnedChild
        do {
            let sizing =
                sizes == CoverWorker.sizes ? [] : ["--sizes", sizes.map(String.init).joined(separator: ",")]
            child = try SpawnedChild(command + sizing + ["--", folder] + sources)
        } catch {
            answers.failure = "cannot start \(ShownText.clean(command[0])): \(error)"
            answers.startable = false
            return answers
        }
        var lines = SpawnedChild.Answer(of: child)
        while answers.hashes.count < sources.count {
            switch lines.nextLine(within: patience) {
            case .line(let line):
                answers.hashes.append(
                    Self.hash(in: line, logger: logger, source: sources[answers.hashes.count]))
            case .timedOut:
                answers.failure = "the cover worker took over \(patience) on it"
            case .ended:
                answers.failure = "the cover worker stopped on it"
            }
            if answers.failure != nil { break }
        }
        child.end(killing: answers.failure != nil)
        return answers
    }

    private static func hash(in line: String, logger: Logger, source: String) -> String? {
        if line.utf8.count == 32, line.allSatisfy(\.isHexDigit) { return line }
        logger.notice(
            "cover of \(ShownText.clean(source)) not made: \(ShownText.clean(String(line.dropFirst(2))))")
        return nil
    }
}
