import CMPRIS
import CSystemd
import Glibc

/// The sd-bus connection MPRIS runs on. It owns the `sd_bus` handle and the slots of the
/// exported object, and frees them in `close()` (or when dropped).
///
/// sd-bus is not thread-safe. The connection is opened on the thread that creates the
/// server; from the moment the bus thread starts, only that thread uses it.
final class MPRISBusConnection {
    private var bus: OpaquePointer?
    private var rootSlot: OpaquePointer?
    private var playerSlot: OpaquePointer?
    private var ownedName: String?

    /// Connects to the bus at `address`, or to the user's session bus when it is nil
    /// (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
    init(address: String?) throws(MPRISError) {
        do {
            if let address {
                bus = try Self.open(address: address)
            } else {
                bus = try Self.openSessionBus()
            }
        } catch {
            guard case .callFailed(let call, let errno) = error else { throw error }
            let reason = "\(call): \(MPRISError.message(errno))"
            guard let address else { throw .noSessionBus(reason: reason) }
            throw .cannotConnect(address: address, reason: reason)
        }
    }

    deinit { close() }

    private static func openSessionBus() throws(MPRISError) -> OpaquePointer? {
        var bus: OpaquePointer?
        try MPRISError.check(sd_bus_open_user_with_description(&bus, "cdwally-mpris"), "sd_bus_open_user")
        return bus
    }

    private static func open(address: String) throws(MPRISError) -> OpaquePointer? {
        var bus: OpaquePointer?
        try MPRISError.check(sd_bus_new(&bus), "sd_bus_new")
        do throws(MPRISError) {
            try MPRISError.check(sd_bus_set_address(bus, address), "sd_bus_set_address")
            try MPRISError.check(sd_bus_set_bus_client(bus, 1), "sd_bus_set_bus_client")
            try MPRISError.check(sd_bus_set_description(bus, "cdwally-mpris"), "sd_bus_set_description")
            try MPRISError.check(sd_bus_start(bus), "sd_bus_start")
        } catch {
            sd_bus_unref(bus)
            throw error
        }
        return bus
    }

    /// Adds `/org/mpris/MediaPlayer2`, answering through `handlers`, which must stay valid
    /// until `close()`.
    func export(handlers: UnsafePointer<CMPRISHandlers>, withDesktopEntry: Bool) throws(MPRISError) {
        try MPRISError.check(
            cmpris_export(bus, handlers, withDesktopEntry ? 1 : 0, &rootSlot, &playerSlot),
            "sd_bus_add_object_vtable(\(CMPRIS_OBJECT_PATH))")
    }

    /// Claims `name`, or `name.instance<pid>` when another player already holds it (MPRIS's
    /// rule for a second instance), and returns the name claimed.
    func requestName(_ name: String) throws(MPRISError) -> String {
        var claimed = name
        var status = sd_bus_request_name(bus, name, 0)
        if status == -EEXIST {
            claimed = "\(name).instance\(getpid())"
            status = sd_bus_request_name(bus, claimed, 0)
        }
        try MPRISError.check(status, "sd_bus_request_name(\(claimed))")
        ownedName = claimed
        return claimed
    }

    var fileDescriptor: Int32 { bus.map { sd_bus_get_fd($0) } ?? -1 }

    /// The poll events the connection waits for.
    func pollEvents() throws(MPRISError) -> Int16 {
        Int16(truncatingIfNeeded: try MPRISError.check(sd_bus_get_events(bus), "sd_bus_get_events"))
    }

    /// When sd-bus next needs to run (a call timing out), in CLOCK_MONOTONIC microseconds.
    func deadline() throws(MPRISError) -> UInt64? {
        var usec: UInt64 = 0
        try MPRISError.check(sd_bus_get_timeout(bus, &usec), "sd_bus_get_timeout")
        return usec == UInt64.max ? nil : usec
    }

    /// Reads, writes and dispatches one step; true when there may be more to do at once.
    func process() throws(MPRISError) -> Bool {
        try MPRISError.check(sd_bus_process(bus, nil), "sd_bus_process") > 0
    }

    func emitPropertiesChanged(mask: UInt64) throws(MPRISError) {
        try MPRISError.check(cmpris_emit_properties_changed(bus, mask), "emit PropertiesChanged")
    }

    func emitSeeked(positionMicroseconds: Int64) throws(MPRISError) {
        try MPRISError.check(cmpris_emit_seeked(bus, positionMicroseconds), "emit Seeked")
    }

    /// Releases the name, removes the object and closes the connection. Failures are
    /// ignored: the bus may already be gone, and the daemon cleans up after a closed socket.
    func close() {
        guard let bus else { return }
        if let ownedName { sd_bus_release_name(bus, ownedName) }
        rootSlot = sd_bus_slot_unref(rootSlot)
        playerSlot = sd_bus_slot_unref(playerSlot)
        self.bus = sd_bus_flush_close_unref(bus)
        ownedName = nil
    }
}
