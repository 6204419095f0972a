import CDWallyCore
import CDWallySystem

/// The byte layout the cache's memo files share (`PlaylistSearchMemo`, `WalletMemo`): numbers
/// as 8 bytes little-endian, byte strings as a 4-byte little-endian length and the bytes. A
/// binary layout because a memo exists to be read fast: the wallet memo of a whole-library
/// playlist holds a hundred thousand tracks.
enum MemoBytes {
    struct Writer {
        /// The bytes written, in chunks of about `chunkSize`: the wallet memo of a
        /// whole-library playlist is tens of MB, which one array grown by doubling would hold
        /// twice over while it copies, and then be copied again into the file's parts.
        private var chunks: [[UInt8]] = []
        private var current: [UInt8]
        /// Where each chunk goes when it is full instead of staying, when set.
        private let sink: ((UnsafeRawBufferPointer) -> Void)?
        private static let chunkSize = 1 << 20

        init(magic: [UInt8]) {
            current = magic
            sink = nil
        }

        /// A writer that hands each chunk to `sink` once it is full (and the last one at
        /// `flush()`), keeping none: for bytes written straight into a file
        /// (`AtomicFile.replace(_:withParts:then:)`).
        init(flushingTo sink: @escaping (UnsafeRawBufferPointer) -> Void) {
            current = []
            current.reserveCapacity(Self.chunkSize + 4096)
            self.sink = sink
        }

        /// Hands what is left to the sink.
        mutating func flush() {
            guard let sink, !current.isEmpty else { return }
            current.withUnsafeBytes(sink)
            current.removeAll(keepingCapacity: true)
        }

        /// The bytes written, as parts to write one after the other.
        var parts: [AtomicFile.Part] { (chunks + [current]).map { .bytes($0[...]) } }

        /// The bytes written, in one array: for small memos.
        var bytes: [UInt8] { chunks.isEmpty ? current : Array((chunks + [current]).joined()) }

        var count: Int { chunks.reduce(current.count) { $0 + $1.count } }

        mutating func byte(_ value: UInt8) {
            current.append(value)
            sealChunk()
        }

        mutating func number(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { current += $0 }
            sealChunk()
        }

        mutating func integer(_ value: Int) { number(UInt64(bitPattern: Int64(value))) }

        mutating func double(_ value: Double) { number(value.bitPattern) }

        mutating func data(_ value: some Collection<UInt8>) {
            withUnsafeBytes(of: UInt32(value.count).littleEndian) { current += $0 }
            current += value
            sealChunk()
        }

        private mutating func sealChunk() {
            guard current.count >= Self.chunkSize else { return }
            guard sink == nil else { return flush() }
            chunks.append(current)
            current = []
            current.reserveCapacity(Self.chunkSize + 4096)
        }

        mutating func path(_ value: RawPath) { data(value.bytes) }

        mutating func string(_ value: String) { data(value.utf8) }

        /// A flag byte, then the string when there is one.
        mutating func string(_ value: String?) {
            byte(value == nil ? 0 : 1)
            if let value { string(value) }
        }

        mutating func integer(_ value: Int?) {
            byte(value == nil ? 0 : 1)
            if let value { integer(value) }
        }
    }

    /// Reads the fields back, refusing to read past the end: every read is nil there, so a
    /// memo cut short or damaged reads as no memo.
    struct Reader {
        private var bytes: ArraySlice<UInt8>

        /// A reader after `magic`; nil when the bytes do not start with it.
        init?(_ bytes: [UInt8], magic: [UInt8]) {
            guard bytes.starts(with: magic) else { return nil }
            self.bytes = bytes[magic.count...]
        }

        /// A reader of a record (`Records`).
        init(record: ArraySlice<UInt8>) {
            bytes = record
        }

        var isAtEnd: Bool { bytes.isEmpty }

        /// How many bytes are left to read.
        var remaining: Int { bytes.count }

        /// Passes over `count` bytes; false when fewer are left.
        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, bytes.count >= count else { return false }
            bytes = bytes.dropFirst(count)
            return true
        }

        mutating func byte() -> UInt8? { bytes.popFirst() }

        mutating func number() -> UInt64? {
            guard bytes.count >= 8 else { return nil }
            let value = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            bytes = bytes.dropFirst(8)
            return UInt64(littleEndian: value)
        }

        mutating func integer() -> Int? { number().map { Int(Int64(bitPattern: $0)) } }

        mutating func double() -> Double? { number().map(Double.init(bitPattern:)) }

        mutating func data() -> ArraySlice<UInt8>? {
            guard bytes.count >= 4 else { return nil }
            let length = Int(
                UInt32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }))
            bytes = bytes.dropFirst(4)
            guard bytes.count >= length else { return nil }
            defer { bytes = bytes.dropFirst(length) }
            return bytes.prefix(length)
        }

        /// A path: never empty.
        mutating func path() -> RawPath? {
            guard let data = data(), !data.isEmpty else { return nil }
            return RawPath(bytes: Array(data))
        }

        /// A string. Bytes that are not UTF-8 (a damaged memo) read as U+FFFD: `String(validating:)`
        /// is not specialised for a slice and took a tenth of a remembered wallet's reading.
        mutating func string() -> String? {
            data().map { data in data.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } }
        }

        /// A string written with `Writer.string(_: String?)`: nil when the memo is damaged,
        /// `.some(nil)` for a string that was not there.
        mutating func optionalString() -> String?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return string().map { .some($0) }
            default: return nil
            }
        }

        mutating func optionalInteger() -> Int?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return integer().map { .some($0) }
            default: return nil
            }
        }
    }

    /// Reads records, each written with `Writer.data`, from a range of a file held open, one
    /// at a time through a window of about a MiB: a memo's 20 MB part of found albums is never
    /// held whole while its albums are made from it.
    struct Records {
        private let file: OpenedFile
        private let end: Int
        /// The bytes read, from the file's offset `start`, and where the next record starts
        /// in them.
        private var window: [UInt8] = []
        private var start: Int
        private var position = 0
        private static let windowSize = 1 << 20

        init(_ file: OpenedFile, in range: Range<Int>) {
            self.file = file
            start = range.lowerBound
            end = range.upperBound
        }

        var isAtEnd: Bool { start + position == end }

        /// The next record; nil where the range ends, or the file ends before a record does.
        mutating func next() -> Reader? {
            guard fill(4) else { return nil }
            let length = Int(
                UInt32(
                    littleEndian: window.withUnsafeBytes {
                        $0.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                    }))
            guard fill(4 + length) else { return nil }
            defer { position += 4 + length }
            return Reader(record: window[(position + 4)..<(position + 4 + length)])
        }

        /// Makes `count` bytes from the next record's start available in the window; false
        /// when the range ends sooner.
        private mutating func fill(_ count: Int) -> Bool {
            if window.count - position >= count { return true }
            let from = start + position
            guard end - from >= count else { return false }
            let size = min(end - from, max(count, Self.windowSize))
            guard let bytes = try? file.bytes(at: from, count: size), bytes.count == size else {
                return false
            }
            window = bytes
            start = from
            position = 0
            return true
        }
    }
}
