import CDWallyCore
import CEvdev
import Glibc

/// One open evdev node (`/dev/input/eventN`): owns its file descriptor and libevdev handle,
/// and frees both on `close()`, on deinit, or as soon as a read finds the device unplugged.
///
/// Reading gives the node's key and relative-axis events, for an `InputInterpreter`. libevdev
/// keeps a copy of the device state, which is what lets it repair a SYN_DROPPED overflow:
/// the events that resync delivers go through the same rules as normal ones, so a key
/// pressed during the overflow is still reported once.
///
/// Not thread-safe: one thread opens, reads and closes a device (the reader's polling
/// thread in `InputKeyReader`).
public final class InputDevice {
    public let path: RawPath
    /// The name the kernel gives the device ("gpio_ir_recv", "AVRCP", "Logitech K400").
    public let name: String
    /// The node this device was opened through, to tell a re-created node from a changed one.
    let identity: NodeIdentity
    private var descriptor: Int32
    private var handle: OpaquePointer?

    /// A read drains at most this many events before returning, so one chatty device
    /// cannot starve the others; `poll` brings the reader straight back.
    private static let maximumEventsPerRead = 512

    /// Opens `path` read-only and non-blocking. `grab` takes the device exclusively
    /// (EVIOCGRAB): the console and X then see none of its keys, so use it only for a
    /// dedicated remote, never a keyboard someone logs in with.
    public init(path: RawPath, grab: Bool = false) throws(InputError) {
        self.path = path
        let descriptor = try InputError.checkSystemCall(
            path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }, "open", path: path)
        var handle: OpaquePointer?
        do {
            var info = stat()
            try InputError.checkSystemCall(fstat(descriptor, &info), "fstat", path: path)
            identity = NodeIdentity(info)
            try InputError.checkLibevdev(
                libevdev_new_from_fd(descriptor, &handle), "libevdev_new_from_fd", path: path)
            if grab {
                try InputError.checkLibevdev(
                    libevdev_grab(handle, LIBEVDEV_GRAB), "libevdev_grab (EVIOCGRAB)", path: path)
            }
        } catch {
            libevdev_free(handle)
            Glibc.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.handle = handle
        // String(cString:) repairs invalid UTF-8 with U+FFFD; device names come from firmware.
        name = libevdev_get_name(handle).map { String(cString: $0) } ?? ""
    }

    deinit {
        close()
    }

    public var isOpen: Bool { handle != nil }

    /// The file descriptor to poll for input; -1 once closed.
    var fileDescriptor: Int32 { descriptor }

    /// The keys of `keyMap` this device can send, by its advertised capabilities.
    public func mappedKeys(in keyMap: KeyMap) -> [KeyCode] {
        guard let handle else { return [] }
        return keyMap.keys.filter {
            libevdev_has_event_code(handle, UInt32(EV_KEY), UInt32($0.rawValue)) == 1
        }
    }

    /// True when the device can send at least one key `keyMap` binds.
    public func hasMappedKey(in keyMap: KeyMap) -> Bool {
        !mappedKeys(in: keyMap).isEmpty
    }

    /// True when the device can send every one of `keys`, by its advertised capabilities.
    func canSend(_ keys: [KeyCode]) -> Bool {
        guard let handle else { return false }
        return keys.allSatisfy { libevdev_has_event_code(handle, UInt32(EV_KEY), UInt32($0.rawValue)) == 1 }
    }

    /// True when the device can turn `knob`: it sends one of its axes and is no pointer. A
    /// mouse sends `REL_X` and `REL_WHEEL` too, and always has a left button; moving it must
    /// not move the volume.
    public func isKnob(_ knob: Knob) -> Bool {
        guard let handle, libevdev_has_event_code(handle, UInt32(EV_KEY), UInt32(BTN_LEFT)) != 1 else {
            return false
        }
        return knob.axes.contains { libevdev_has_event_code(handle, UInt32(EV_REL), UInt32($0)) == 1 }
    }

    /// Reads what is pending without blocking and returns its key and relative-axis events in
    /// order, for an `InputInterpreter`.
    ///
    /// When the device turns out to be unplugged (ENODEV) it is closed and the events read
    /// before that are returned; check `isOpen` afterwards. Any other read error closes the
    /// device too, and is thrown.
    public func readEvents() throws(InputError) -> [input_event] {
        guard let handle else { return [] }
        var events: [input_event] = []
        var event = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        func keep() {
            if event.type == UInt16(EV_KEY) || event.type == UInt16(EV_REL) { events.append(event) }
        }
        for _ in 0..<Self.maximumEventsPerRead {
            let status = libevdev_next_event(handle, flags, &event)
            switch status {
            case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue):
                keep()
            case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue):
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
                    keep()
                } else {
                    // This event is the SYN_DROPPED itself; the state deltas follow in sync mode.
                    flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
                }
            case -EAGAIN:
                // In sync mode EAGAIN ends the resync; in normal mode, the queue is empty.
                guard flags == LIBEVDEV_READ_FLAG_SYNC.rawValue else { return events }
                flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
            case -EINTR:
                continue
            case -ENODEV:
                close()
                return events
            default:
                close()
                throw InputError.status(
                    errno: status < 0 ? -status : EIO, call: "libevdev_next_event", path: path)
            }
        }
        return events
    }

    /// The bound key presses among what is pending: `readEvents` through a fresh
    /// `InputInterpreter`, for a caller that holds no state between reads.
    public func readPresses(mappedBy keyMap: KeyMap) throws(InputError) -> [KeyPress] {
        var interpreter = InputInterpreter(keyMap: keyMap)
        let now = ContinuousClock.now
        return try readEvents().flatMap { interpreter.interpret($0, at: now) }
    }

    /// Releases the handle and the descriptor (and with it any grab). Safe to call twice.
    public func close() {
        guard let handle else { return }
        libevdev_free(handle)
        self.handle = nil
        Glibc.close(descriptor)
        descriptor = -1
    }
}
