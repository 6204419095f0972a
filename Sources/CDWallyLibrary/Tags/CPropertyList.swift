import CTagLib

/// The C form of a property dictionary for `ctaglib_write`. It owns every string and
/// array its `properties` point into and frees them when it goes away, so callers keep it
/// alive (`withExtendedLifetime`) across the call. Made, used and dropped by one thread,
/// within one call.
final class CPropertyList {
    private(set) var properties: [ctaglib_property] = []
    private var allocations: [UnsafeMutableRawPointer] = []

    /// Keys are sorted so that TagLib sees the same order on every run.
    init(_ dictionary: [String: [String]]) {
        for (key, values) in dictionary.sorted(by: { $0.key < $1.key }) {
            let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(values.count, 1))
            allocations.append(UnsafeMutableRawPointer(list))
            for (index, value) in values.enumerated() {
                list[index] = UnsafePointer(copy(value))
            }
            properties.append(ctaglib_property(key: copy(key), values: list, value_count: values.count))
        }
    }

    deinit {
        for allocation in allocations { allocation.deallocate() }
    }

    /// A NUL-terminated heap copy of `text`, freed in deinit.
    private func copy(_ text: String) -> UnsafeMutablePointer<CChar> {
        let utf8 = text.utf8CString
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
        allocations.append(UnsafeMutableRawPointer(buffer))
        utf8.withUnsafeBufferPointer { source in
            buffer.initialize(from: source.baseAddress!, count: source.count)
        }
        return buffer
    }
}
