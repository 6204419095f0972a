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
        var lines = LineReader(descriptor: child.output)
        while answers.hashes.count < sources.count {
            switch lines.next(within: patience) {
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

/// Lines from a pipe, each awaited for at most a given time.
private struct LineReader {
    enum Next {
        case line(String)
        case timedOut
        case ended
    }

    let descriptor: Int32
    private var buffered: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    mutating func next(within patience: Duration) -> Next {
        let deadline = ContinuousClock.now + patience
        while true {
            if let end = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffered.removeSubrange(...end) }
                return .line(String(decoding: buffered[..<end], as: UTF8.self))
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .timedOut }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, left.pollMilliseconds)
            if ready < 0 && errno != EINTR { return .ended }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return .ended }
            buffered += chunk[..<count]
        }
    }
}
