import CSystemd

/// An sd-bus message lent to a vtable callback: arguments are read from it, or a property
/// value is written into it. sd-bus owns the message; this never outlives the callback.
struct BusMessage {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    /// Keeps the call past its callback, to answer it later.
    func retainedCall() -> MPRISPendingCall {
        MPRISPendingCall(retaining: handle)
    }

    func readInt64() throws(MPRISError) -> Int64 {
        var value: Int64 = 0
        try MPRISError.check(sd_bus_message_read_basic(handle, Self.code("x"), &value), "read int64")
        return value
    }

    func readBool() throws(MPRISError) -> Bool {
        var value: Int32 = 0
        try MPRISError.check(sd_bus_message_read_basic(handle, Self.code("b"), &value), "read boolean")
        return value != 0
    }

    func readDouble() throws(MPRISError) -> Double {
        var value: Double = 0
        try MPRISError.check(sd_bus_message_read_basic(handle, Self.code("d"), &value), "read double")
        return value
    }

    /// Reads a string-like value: `s` (string) or `o` (object path).
    func readString(type: Unicode.Scalar = "s") throws(MPRISError) -> String {
        var value: UnsafePointer<CChar>?
        try MPRISError.check(sd_bus_message_read_basic(handle, Self.code(type), &value), "read \(type)")
        return value.map { String(cString: $0) } ?? ""
    }

    func append(_ value: Bool) throws(MPRISError) {
        var int: Int32 = value ? 1 : 0  // D-Bus booleans are C ints
        try MPRISError.check(sd_bus_message_append_basic(handle, Self.code("b"), &int), "append boolean")
    }

    func append(_ value: Double) throws(MPRISError) {
        var value = value
        try MPRISError.check(sd_bus_message_append_basic(handle, Self.code("d"), &value), "append double")
    }

    func append(_ value: Int64) throws(MPRISError) {
        var value = value
        try MPRISError.check(sd_bus_message_append_basic(handle, Self.code("x"), &value), "append int64")
    }

    func append(_ value: Int32) throws(MPRISError) {
        var value = value
        try MPRISError.check(sd_bus_message_append_basic(handle, Self.code("i"), &value), "append int32")
    }

    /// Appends a string-like value: `s` (string) or `o` (object path). For these types
    /// sd-bus takes the C string itself, not a pointer to it.
    func append(_ value: String, type: Unicode.Scalar = "s") throws(MPRISError) {
        let status = value.withCString { sd_bus_message_append_basic(handle, Self.code(type), $0) }
        try MPRISError.check(status, "append \(type)")
    }

    /// Appends an `as`.
    func append(_ values: [String]) throws(MPRISError) {
        try openContainer("a", "s")
        for value in values { try append(value) }
        try closeContainer()
    }

    func openContainer(_ type: Unicode.Scalar, _ contents: String) throws(MPRISError) {
        let status = sd_bus_message_open_container(handle, Self.code(type), contents)
        try MPRISError.check(status, "open container \(type)\(contents)")
    }

    func closeContainer() throws(MPRISError) {
        try MPRISError.check(sd_bus_message_close_container(handle), "close container")
    }

    private static func code(_ type: Unicode.Scalar) -> CChar {
        CChar(truncatingIfNeeded: type.value)
    }
}
