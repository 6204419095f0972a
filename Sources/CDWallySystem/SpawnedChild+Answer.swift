import CDWallyCore

#if canImport(Glibc)
    import Glibc
#endif

extension SpawnedChild {
    /// What a worker child writes, read with a deadline: a hung decoder or a huge picture never
    /// holds the thread that waits for it for longer than its patience.
    ///
    /// Threads: one reader at a time (the cover lane that started the child).
    public struct Answer {
        /// The next thing read, or why nothing was.
        public enum Next: Equatable {
            case line(String)
            case timedOut
            case ended
        }

        private let descriptor: Int32
        private var buffered: [UInt8] = []
        private var finished = false

        public init(of child: SpawnedChild) {
            descriptor = child.output
        }

        /// The next line (without its newline), waited for at most `patience`.
        public mutating func nextLine(within patience: Duration) -> Next {
            let deadline = ContinuousClock.now + patience
            while true {
                if let end = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                    defer { buffered.removeSubrange(...end) }
                    return .line(String(decoding: buffered[..<end], as: UTF8.self))
                }
                if let stop = readMore(before: deadline) { return stop }
            }
        }

        /// Everything until the child closes its output; nil when that took longer than
        /// `patience` or grew past `limit` bytes.
        public mutating func whole(within patience: Duration, limit: Int) -> [UInt8]? {
            let deadline = ContinuousClock.now + patience
            while buffered.count <= limit {
                switch readMore(before: deadline) {
                case .ended?: return finished ? buffered : nil
                case .timedOut?: return nil
                case .line?, nil: continue
                }
            }
            return nil
        }

        /// Reads one chunk into the buffer; nil when it did, else why it could not.
        private mutating func readMore(before deadline: ContinuousClock.Instant) -> Next? {
            guard !finished else { return .ended }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .timedOut }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, left.pollMilliseconds)
            if ready < 0 && errno != EINTR { return .ended }
            if ready <= 0 { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { return nil }
            if count < 0 { return .ended }
            if count == 0 {
                finished = true
                return .ended
            }
            buffered += chunk[..<count]
            return nil
        }
    }
}
