import CDWallyCore
import CEvdev
import Glibc

/// One open evdev node (`/dev/input/eventN`): owns its file descriptor and libevdev handle,
/// and frees both on `close()`, on deinit, or as soon as a read finds the device unplugged.
///
/// Reading turns the node's event stream into key presses through a `KeyMap`. libevdev
/// keeps a copy of the device state, which is what lets it repair a SYN_DROPPED overflow:
/// the events that resync delivers go through the same press filter as normal ones, so a
/// key pressed during the overflow is still reported once.
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

    /// Reads what is pending without blocking and returns the bound key presses in order.
    ///
    /// When the device turns out to be unplugged (ENODEV) it is closed and the presses read
    /// before that are returned; check `isOpen` afterwards. Any other read error closes the
    /// device too, and is thrown.
    public func readPresses(mappedBy keyMap: KeyMap) throws(InputError) -> [KeyPress] {
        var presses: [KeyPress] = []
        try readEvents { event in
            if let press = keyMap.press(for: event) { presses.append(press) }
        }
        return presses
    }

    /// Reads what is pending without blocking and hands each event to `take`, in order, the
    /// events of a SYN_DROPPED resync included. Unplugged and failed devices are closed as
    /// `readPresses` says.
    func readEvents(_ take: (input_event) -> Void) throws(InputError) {
        guard let handle else { return }
        var event = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        for _ in 0..<Self.maximumEventsPerRead {
            let status = libevdev_next_event(handle, flags, &event)
            switch status {
            case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue):
                take(event)
            case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue):
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
                    take(event)
                } else {
                    // This event is the SYN_DROPPED itself; the state deltas follow in sync mode.
                    flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
                }
            case -EAGAIN:
                // In sync mode EAGAIN ends the resync; in normal mode, the queue is empty.
                guard flags == LIBEVDEV_READ_FLAG_SYNC.rawValue else { return }
                flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
            case -EINTR:
                continue
            case -ENODEV:
                close()
                return
            default:
                close()
                throw InputError.status(
                    errno: status < 0 ? -status : EIO, call: "libevdev_next_event", path: path)
            }
        }
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
