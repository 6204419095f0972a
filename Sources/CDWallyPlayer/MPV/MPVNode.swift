import CDWallyVocabulary
import CMPV

/// A Swift copy of an `mpv_node`: the typed values mpv's commands take and its properties
/// and command replies return. Nodes coming from mpv are copied at once, because mpv frees
/// them at the next `mpv_wait_event` or `mpv_free_node_contents`.
enum MPVNode: Sendable, Equatable {
    case none
    case string(String)
    /// A string sent as bytes: file names need not be UTF-8 and mpv opens them as given.
    case rawString([UInt8])
    case flag(Bool)
    case int(Int64)
    case double(Double)
    case array([MPVNode])
    case map([String: MPVNode])

    /// Copies a node mpv owns.
    init(copying node: mpv_node) {
        switch node.format {
        case MPV_FORMAT_STRING, MPV_FORMAT_OSD_STRING:
            self = node.u.string.map { .string(String(cString: $0)) } ?? .none
        case MPV_FORMAT_FLAG:
            self = .flag(node.u.flag != 0)
        case MPV_FORMAT_INT64:
            self = .int(node.u.int64)
        case MPV_FORMAT_DOUBLE:
            self = .double(node.u.double_)
        case MPV_FORMAT_NODE_ARRAY:
            var items: [MPVNode] = []
            if let list = node.u.list?.pointee {
                items = (0..<Int(list.num)).map { MPVNode(copying: list.values[$0]) }
            }
            self = .array(items)
        case MPV_FORMAT_NODE_MAP:
            var map: [String: MPVNode] = [:]
            if let list = node.u.list?.pointee {
                for index in 0..<Int(list.num) {
                    guard let key = list.keys[index] else { continue }
                    map[String(cString: key)] = MPVNode(copying: list.values[index])
                }
            }
            self = .map(map)
        default:
            self = .none
        }
    }

    var stringValue: String? {
        switch self {
        case .string(let value): return value
        case .rawString(let bytes): return String(decoding: bytes, as: UTF8.self)
        default: return nil
        }
    }

    var doubleValue: Double? {
        switch self {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: return nil
        }
    }

    var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    subscript(key: String) -> MPVNode? {
        if case .map(let map) = self { return map[key] }
        return nil
    }

    /// Calls `body` with a C copy of this node that lives until `body` returns.
    func withCNode<Result>(_ body: (UnsafeMutablePointer<mpv_node>) throws(PlayerError) -> Result)
        throws(PlayerError) -> Result
    {
        let storage = CNodeStorage()
        defer { storage.free() }
        var node = storage.make(self)
        return try body(&node)
    }
}

/// The C memory behind one `withCNode` call: every string and list it allocated, freed
/// together when the call returns. Used by one thread at a time, inside that call.
private final class CNodeStorage {
    private var allocations: [UnsafeMutableRawPointer] = []

    func make(_ value: MPVNode) -> mpv_node {
        var node = mpv_node()
        switch value {
        case .none:
            node.format = MPV_FORMAT_NONE
        case .string(let string):
            node.format = MPV_FORMAT_STRING
            node.u.string = copy(Array(string.utf8))
        case .rawString(let bytes):
            node.format = MPV_FORMAT_STRING
            node.u.string = copy(bytes)
        case .flag(let flag):
            node.format = MPV_FORMAT_FLAG
            node.u.flag = flag ? 1 : 0
        case .int(let int):
            node.format = MPV_FORMAT_INT64
            node.u.int64 = int
        case .double(let double):
            node.format = MPV_FORMAT_DOUBLE
            node.u.double_ = double
        case .array(let items):
            node.format = MPV_FORMAT_NODE_ARRAY
            node.u.list = list(items.map { make($0) }, keys: nil)
        case .map(let entries):
            node.format = MPV_FORMAT_NODE_MAP
            let sorted = entries.sorted { $0.key < $1.key }
            node.u.list = list(sorted.map { make($0.value) }, keys: sorted.map { copy(Array($0.key.utf8)) })
        }
        return node
    }

    func free() {
        for pointer in allocations { pointer.deallocate() }
        allocations.removeAll()
    }

    /// A NUL-terminated copy; bytes after an embedded NUL would be lost, but paths hold none.
    private func copy(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        bytes.withUnsafeBufferPointer { source in
            source.withMemoryRebound(to: CChar.self) {
                pointer.update(from: $0.baseAddress!, count: bytes.count)
            }
        }
        pointer[bytes.count] = 0
        allocations.append(UnsafeMutableRawPointer(pointer))
        return pointer
    }

    private func list(_ values: [mpv_node], keys: [UnsafeMutablePointer<CChar>]?) -> UnsafeMutablePointer<
        mpv_node_list
    > {
        let valueBuffer = UnsafeMutablePointer<mpv_node>.allocate(capacity: max(values.count, 1))
        valueBuffer.initialize(from: values, count: values.count)
        allocations.append(UnsafeMutableRawPointer(valueBuffer))
        var keyBuffer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        if let keys {
            let buffer = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
                capacity: max(keys.count, 1))
            buffer.initialize(from: keys.map { Optional($0) }, count: keys.count)
            allocations.append(UnsafeMutableRawPointer(buffer))
            keyBuffer = buffer
        }
        let list = UnsafeMutablePointer<mpv_node_list>.allocate(capacity: 1)
        list.initialize(to: mpv_node_list(num: Int32(values.count), values: valueBuffer, keys: keyBuffer))
        allocations.append(UnsafeMutableRawPointer(list))
        return list
    }
}
