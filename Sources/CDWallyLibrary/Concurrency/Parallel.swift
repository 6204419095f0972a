import Dispatch
import Foundation

/// Work spread over the cores. A scan has two kinds: reading tags (one file each, costly)
/// and listing directories (many, cheap); both are independent per item.
enum Parallel {
    /// `transform` of each element, in order, computed on up to `maximumWorkers` threads (as
    /// many as there are cores, by default). A single element is done on the calling thread.
    static func map<Element: Sendable, Result>(
        _ elements: [Element], maximumWorkers: Int = 8, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, maximumWorkers, elements.count)
        guard workers > 1 else { return elements.map(transform) }
        let results = ResultSlots<Result>(count: elements.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            // Interleaved, so that a run of costly elements is shared out rather than left to one worker.
            for index in stride(from: worker, to: elements.count, by: workers) {
                results.set(index, transform(elements[index]))
            }
        }
        return results.values
    }
}
