/// Slots that worker threads fill at distinct indices, for work spread over the cores with
/// `DispatchQueue.concurrentPerform`.
///
/// Threads: each index is written by exactly one worker and read only after
/// `concurrentPerform` returns, which orders the accesses; the storage is allocated once so
/// that no write can move it.
final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Value) {
        slots[index] = value
    }

    var values: [Value] { slots.compactMap { $0 } }
}
