import CDWallyCore
import CDWallySystem
import Glibc

/// The body of the input reader's thread: one `poll` over every open device, the hot-plug
/// watch and the stop signal, turning what arrives into press and notice callbacks.
///
/// Device choice: in `auto` mode every `event*` node of the input directory that can send
/// a bound key or turn the knob (a relative axis, on a device with no left button);
/// explicit devices are used whatever they advertise. Each open device has its own
/// `InputInterpreter`, whose long-press deadline the poll waits for too. A node that refuses us
/// (EACCES) right after it appeared is usually one udev has not given its group yet
/// (pitfall 17), so it waits quietly for its IN_ATTRIB and is only reported as a
/// permission problem if it still refuses after `permissionGrace`. Unplugged devices are
/// dropped without a fuss; their node's return reopens them.
///
/// Created, run and destroyed on the reader's thread; nothing here is shared.
final class InputPollLoop {
    struct Settings: Sendable {
        var selection: InputSelection
        var keyMap: KeyMap
        var knob: Knob = .default
        var directory: RawPath
        /// How long a new node may refuse us before that is reported.
        var permissionGrace: Duration
        /// Configured card readers: never key devices (docs/PRODUCT.md §11).
        var cardReaders: CardReaderSelection = .none
    }

    private enum Trigger {
        case startup
        case appeared
        case attributesChanged
        case retry
    }

    private let settings: Settings
    private let watch: DirectoryWatch
    private let onPress: @Sendable (KeyPress, String) -> Void
    private let onNotice: @Sendable (InputNotice) -> Void
    private var devices: [RawPath: InputDevice] = [:]
    private var interpreters: [RawPath: InputInterpreter] = [:]
    private var waitingForPermission = PermissionWaits()
    private let clock = ContinuousClock()

    private let isAuto: Bool
    /// Normalised paths of explicitly named devices; empty in `auto` mode.
    private let wanted: Set<RawPath>
    private let grab: Bool
    private let directory: RawPath

    init(
        settings: Settings,
        onPress: @escaping @Sendable (KeyPress, String) -> Void,
        onNotice: @escaping @Sendable (InputNotice) -> Void
    ) throws(InputError) {
        self.settings = settings
        self.onPress = onPress
        self.onNotice = onNotice
        directory = settings.directory.lexicallyNormalized()
        switch settings.selection {
        case .auto:
            isAuto = true
            wanted = []
            grab = false
        case .devices(let paths, let grab):
            isAuto = false
            wanted = Set(paths.map { $0.lexicallyNormalized() })
            self.grab = grab
        }
        // Watch before the first scan, so nothing plugged in between is missed.
        watch = try DirectoryWatch()
        if isAuto {
            try watch.watch(directory)
        } else {
            for parent in Set(wanted.map(\.parent)) { try watch.watch(parent) }
        }
    }

    /// Opens what is there now. Every explicitly named device must open: its error is thrown,
    /// as a wrong path in a config file should stop `serve`, not leave it deaf.
    func openInitialDevices() throws(InputError) {
        if isAuto {
            for path in entries(of: directory) { consider(path, .startup) }
            return
        }
        for path in wanted.sorted() {
            let device = try InputDevice(path: path, grab: grab)
            adopt(device, at: path)
        }
    }

    /// Polls until the thread's stop signal fires; then closes every device.
    func run(_ thread: PollThread) {
        defer {
            devices.removeAll()
            interpreters.removeAll()
        }
        while true {
            let order = devices.keys.sorted()
            var descriptors = [pollfd(fd: watch.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            descriptors += order.map {
                pollfd(fd: devices[$0]!.fileDescriptor, events: Int16(POLLIN), revents: 0)
            }
            switch thread.wait(&descriptors, until: [nextRetry(), nextLongPress()].compactMap { $0 }.min()) {
            case .stopped: return
            case .failed(let code):
                onNotice(.problem(InputError.status(errno: code, call: "poll", path: nil)))
                return
            case .ready, .timedOut: break
            }
            for (index, path) in order.enumerated() where descriptors[index + 1].revents != 0 {
                readDevice(at: path, events: descriptors[index + 1].revents)
            }
            if descriptors[0].revents != 0 {
                for change in watch.readChanges() { apply(change) }
            }
            for path in waitingForPermission.due(at: clock.now) {
                consider(path, .retry)
            }
            for path in interpreters.keys.sorted() {
                guard let device = devices[path] else { continue }
                for press in interpreters[path]?.expire(at: clock.now) ?? [] { onPress(press, device.name) }
            }
        }
    }

    private func readDevice(at path: RawPath, events: Int16) {
        guard let device = devices[path] else { return }
        do {
            let now = clock.now
            for event in try device.readEvents() {
                for press in interpreters[path]?.interpret(event, at: now) ?? [] {
                    onPress(press, device.name)
                }
            }
        } catch {
            onNotice(.problem(error))
        }
        // A hang-up the read did not turn into ENODEV must not make poll spin.
        if device.isOpen, events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { device.close() }
        if !device.isOpen {
            // A key held as it went acts neither way.
            forget(path)
            onNotice(.removed(path: path, name: device.name))
        }
    }

    private func forget(_ path: RawPath) {
        devices[path] = nil
        interpreters[path] = nil
    }

    private func apply(_ change: DirectoryWatch.Change) {
        switch change {
        case .entry(let path, let attributesOnly):
            consider(path.lexicallyNormalized(), attributesOnly ? .attributesChanged : .appeared)
        case .directoryAppeared(let appeared):
            rescan(appeared)
        case .overflow:
            rescan(nil)
        }
    }

    /// Looks again at a directory that (re)appeared, or at everything after lost events.
    private func rescan(_ only: RawPath?) {
        if isAuto {
            if only == nil || only == directory {
                for path in entries(of: directory) { consider(path, .appeared) }
            }
        } else {
            for path in wanted.sorted() where only == nil || path.parent == only {
                consider(path, .appeared)
            }
        }
    }

    private func isCandidate(_ path: RawPath) -> Bool {
        if !isAuto { return wanted.contains(path) }
        return path.parent == directory && path.lastComponent.bytes.starts(with: Array("event".utf8))
    }

    /// Decides what a node that appeared, changed or is due for a retry means.
    private func consider(_ path: RawPath, _ trigger: Trigger) {
        guard isCandidate(path) else { return }
        // Attribute changes matter only to nodes that refused us; an open device gets them
        // from udev too, and `touch` should not reopen anything.
        if trigger == .attributesChanged && !waitingForPermission.isWaiting(path) { return }
        if let open = devices[path] {
            if nodeIdentity(path) == open.identity { return }
            open.close()
            forget(path)
            onNotice(.removed(path: path, name: open.name))
        }
        do {
            let device = try InputDevice(path: path, grab: grab)
            waitingForPermission.forget(path)
            adopt(device, at: path)
        } catch .permissionDenied(let denied) {
            if waitingForPermission.denied(
                path, atStartup: trigger == .startup, now: clock.now, grace: settings.permissionGrace)
            {
                onNotice(.problem(.permissionDenied(denied)))
            }
        } catch .deviceNotFound, .deviceUnplugged {
            // Gone again before we could look: nothing to tell.
            waitingForPermission.forget(path)
        } catch {
            waitingForPermission.forget(path)
            onNotice(.problem(error))
        }
    }

    private func adopt(_ device: InputDevice, at path: RawPath) {
        let interpreter = InputInterpreter(keyMap: settings.keyMap, knob: settings.knob)
        if settings.cardReaders.isReader(device, at: path) {
            device.close()
            onNotice(.cardReader(path: path, name: device.name))
        } else if device.hasMappedKey(in: settings.keyMap) || device.isKnob(settings.knob) {
            devices[path] = device
            interpreters[path] = interpreter
            onNotice(.opened(path: path, name: device.name))
        } else if !isAuto {
            devices[path] = device
            interpreters[path] = interpreter
            onNotice(.noMappedKeys(path: path, name: device.name, kept: true))
        } else {
            device.close()
            onNotice(.noMappedKeys(path: path, name: device.name, kept: false))
        }
    }

    /// When the next permission report is due; nil when none waits.
    private func nextRetry() -> ContinuousClock.Instant? {
        waitingForPermission.nextReport
    }

    /// When a held key next becomes a long press; nil when no such key is down.
    private func nextLongPress() -> ContinuousClock.Instant? {
        interpreters.values.compactMap(\.deadline).min()
    }

    private func nodeIdentity(_ path: RawPath) -> NodeIdentity? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        return NodeIdentity(info)
    }

    /// The entries of `directory` in byte order; none when it cannot be listed (missing).
    private func entries(of directory: RawPath) -> [RawPath] {
        guard let stream = directory.withCString({ opendir($0) }) else { return [] }
        defer { closedir(stream) }
        var names: [RawPath] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                RawPath(bytes: raw.prefix(while: { $0 != 0 }))
            }
            if name.bytes != Array(".".utf8) && name.bytes != Array("..".utf8) {
                names.append(directory.appending(name))
            }
        }
        return names.sorted().filter(isCandidate)
    }
}
