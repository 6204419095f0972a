import CDWallyCore
import CDWallySystem
import CEvdev
import Glibc

/// The body of the card reader's thread: one `poll` over the readers, the hot-plug watch and
/// the stop signal; each reader's keys go through its own `CardReaderDecoder`, and what comes
/// out becomes card and notice callbacks.
///
/// Which nodes are readers is the `CardReaderSelection`'s to say. Configured readers are
/// grabbed (EVIOCGRAB), so that their digits and Enter reach no console, login prompt or other
/// program; discovery grabs nothing, as it opens keyboards too. A node that refuses us right
/// after it appeared waits for udev as `InputPollLoop` explains, and is reported only if it
/// still refuses after `permissionGrace`. A reader that is pulled out says so once and is
/// opened again when it comes back; what it read before is delivered first.
///
/// Created, run and destroyed on the reader's thread; nothing here is shared.
final class CardReaderLoop {
    struct Settings: Sendable {
        var selection: CardReaderSelection
        var directory: RawPath
        var permissionGrace: Duration
        var unfinishedAfter: Duration
    }

    private struct Reader {
        let device: InputDevice
        var decoder: CardReaderDecoder
    }

    private struct Port {
        let port: SerialCardPort
        var decoder = SerialCardDecoder()
    }

    private let settings: Settings
    private let directory: RawPath
    private let watch: DirectoryWatch
    private let onCard: @Sendable (CardRead) -> Void
    private let onNotice: @Sendable (CardReaderNotice) -> Void
    private var readers: [RawPath: Reader] = [:]
    /// Serial readers: configured paths that are terminals, not evdev nodes.
    private var ports: [RawPath: Port] = [:]
    /// Configured paths said to be no reader, by the node they were: a file made and then
    /// written is looked at once per change, and said once.
    private var saidNoReader: [RawPath: NodeIdentity] = [:]
    private var waitingForPermission = PermissionWaits()
    private let clock = ContinuousClock()

    private var selection: CardReaderSelection { settings.selection }
    /// Names and discovery look at every `event*` node of the input directory.
    private var scansDirectory: Bool { !selection.names.isEmpty || selection.discovers }

    init(
        settings: Settings, onCard: @escaping @Sendable (CardRead) -> Void,
        onNotice: @escaping @Sendable (CardReaderNotice) -> Void
    ) throws(InputError) {
        self.settings = settings
        self.onCard = onCard
        self.onNotice = onNotice
        directory = settings.directory.lexicallyNormalized()
        // Watch before the first scan, so nothing plugged in between is missed.
        watch = try DirectoryWatch()
        if scansDirectory { try watch.watch(directory) }
        for parent in Set(settings.selection.paths.map(\.parent)) { try watch.watch(parent) }
    }

    /// Opens the readers there now, and says which configured ones are not (yet): a reader
    /// plugged in later is opened then.
    func openInitialDevices() {
        for path in candidates() { consider(path, .startup) }
        // A path that is there but not open has had its problem said.
        for path in selection.paths where NodeIdentity.of(path) == nil {
            onNotice(.absent(path.display))
        }
        let open = readers.values.map(\.device)
        for name in selection.names where !open.contains(where: { $0.name.lowercased() == name.lowercased() })
        {
            onNotice(.absent(name))
        }
    }

    /// Polls until the thread's stop signal fires; then closes every reader (and its grab).
    func run(_ thread: PollThread) {
        defer {
            readers.removeAll()
            ports.removeAll()
        }
        while true {
            let order = readers.keys.sorted()
            let serial = ports.keys.sorted()
            var descriptors = [pollfd(fd: watch.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            descriptors += order.map {
                pollfd(fd: readers[$0]!.device.fileDescriptor, events: Int16(POLLIN), revents: 0)
            }
            descriptors += serial.map {
                pollfd(fd: ports[$0]!.port.fileDescriptor, events: Int16(POLLIN), revents: 0)
            }
            switch thread.wait(&descriptors, until: nextDeadline()) {
            case .stopped: return
            case .failed(let code):
                onNotice(.problem(InputError.status(errno: code, call: "poll", path: nil)))
                return
            case .ready, .timedOut: break
            }
            for (index, path) in order.enumerated() where descriptors[index + 1].revents != 0 {
                read(at: path, events: descriptors[index + 1].revents)
            }
            for (index, path) in serial.enumerated() where descriptors[index + 1 + order.count].revents != 0 {
                readPort(at: path)
            }
            if descriptors[0].revents != 0 {
                for change in watch.readChanges() { apply(change) }
            }
            let now = clock.now
            for path in readers.keys.sorted() {
                if let output = readers[path]?.decoder.expire(at: now) {
                    deliver([output], path: path, name: readers[path]!.device.name)
                }
            }
            for path in waitingForPermission.due(at: now) {
                consider(path, .retry)
            }
        }
    }

    private func read(at path: RawPath, events: Int16) {
        guard var reader = readers[path] else { return }
        var outputs: [CardReaderDecoder.Output] = []
        let now = clock.now
        do {
            for event in try reader.device.readEvents() where event.type == UInt16(EV_KEY) {
                outputs += reader.decoder.take(KeyCode(rawValue: event.code), value: event.value, at: now)
            }
        } catch {
            onNotice(.problem(error))
        }
        readers[path] = reader
        // What it read before it went is delivered before it is said to be gone.
        deliver(outputs, path: path, name: reader.device.name)
        if reader.device.isOpen, events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { reader.device.close() }
        if !reader.device.isOpen {
            readers[path] = nil
            onNotice(.removed(path: path, name: reader.device.name))
        }
    }

    /// A serial reader's bytes; its frames are whole cards, so nothing waits on a clock.
    private func readPort(at path: RawPath) {
        guard var entry = ports[path] else { return }
        let outputs = entry.decoder.take(entry.port.read())
        ports[path] = entry
        deliver(outputs, path: path, name: path.display)
        if !entry.port.isOpen {
            ports[path] = nil
            onNotice(.removed(path: path, name: path.display))
        }
    }

    private func deliver(_ outputs: [CardReaderDecoder.Output], path: RawPath, name: String) {
        for output in outputs {
            switch output {
            case .card(let number): onCard(CardRead(number: number, path: path, name: name))
            case .problem(let problem): onNotice(.unreadable(problem, path: path, name: name))
            }
        }
    }

    private func apply(_ change: DirectoryWatch.Change) {
        switch change {
        case .entry(let path, let attributesOnly):
            consider(path.lexicallyNormalized(), attributesOnly ? .attributesChanged : .appeared)
        case .directoryAppeared, .overflow:
            for path in candidates() { consider(path, .appeared) }
        }
    }

    private enum Trigger {
        case startup
        case appeared
        case attributesChanged
        case retry
    }

    private func isCandidate(_ path: RawPath) -> Bool {
        if selection.paths.contains(path) { return true }
        return scansDirectory && path.parent == directory
            && path.lastComponent.bytes.starts(with: Array("event".utf8))
    }

    /// Decides what a node that appeared, changed or is due for a retry means.
    private func consider(_ path: RawPath, _ trigger: Trigger) {
        guard isCandidate(path) else { return }
        if trigger == .attributesChanged && !waitingForPermission.isWaiting(path) { return }
        if let open = readers[path] {
            if NodeIdentity.of(path) == open.device.identity { return }
            open.device.close()
            readers[path] = nil
            onNotice(.removed(path: path, name: open.device.name))
        }
        if let open = ports[path] {
            if NodeIdentity.of(path) == open.port.identity { return }
            open.port.close()
            ports[path] = nil
            onNotice(.removed(path: path, name: path.display))
        }
        do {
            // Looked at without a grab: most nodes of the directory are not readers.
            let probe = try InputDevice(path: path)
            waitingForPermission.forget(path)
            guard isReader(probe, at: path) else { return probe.close() }
            // The same node reached by a second path (its by-id link and its name) is read once.
            if readers.values.contains(where: { $0.device.identity == probe.identity }) {
                return probe.close()
            }
            probe.close()
            let device =
                selection.discovers ? try InputDevice(path: path) : try InputDevice(path: path, grab: true)
            readers[path] = Reader(
                device: device, decoder: CardReaderDecoder(unfinishedAfter: settings.unfinishedAfter))
            onNotice(.opened(path: path, name: device.name, grabbed: !selection.discovers))
        } catch .permissionDenied(let denied) {
            if waitingForPermission.denied(
                path, atStartup: trigger == .startup, now: clock.now, grace: settings.permissionGrace)
            {
                onNotice(.problem(.permissionDenied(denied)))
            }
        } catch .notAnInputDevice(let node) where selection.paths.contains(path) {
            // A configured path that is no evdev node: a serial reader's terminal, or a mistake.
            waitingForPermission.forget(path)
            openSerial(path, node: node)
        } catch .deviceNotFound, .deviceUnplugged, .notAnInputDevice {
            // Gone again before we could look, or a scanned node that is no evdev device:
            // nothing to tell.
            waitingForPermission.forget(path)
        } catch {
            waitingForPermission.forget(path)
            onNotice(.problem(error))
        }
    }

    private func openSerial(_ path: RawPath, node: RawPath) {
        do {
            guard let port = try SerialCardPort.open(path) else {
                let identity = NodeIdentity.of(path)
                guard identity == nil || saidNoReader[path] != identity else { return }
                saidNoReader[path] = identity
                return onNotice(.problem(.notAnInputDevice(node)))
            }
            ports[path] = Port(port: port)
            onNotice(.opened(path: path, name: path.display, grabbed: false))
        } catch {
            onNotice(.problem(error))
        }
    }

    private func isReader(_ device: InputDevice, at path: RawPath) -> Bool {
        if selection.discovers { return device.canSend(CardReaderKeys.typingKeys) }
        return selection.isReader(device, at: path)
    }

    /// When the poll must wake with nothing to read: an unfinished number to drop, or a
    /// permission report due.
    private func nextDeadline() -> ContinuousClock.Instant? {
        let numbers = readers.values.compactMap(\.decoder.deadline)
        let reports = waitingForPermission.nextReport.map { [$0] } ?? []
        return (numbers + reports).min()
    }

    /// The candidate nodes there now, in byte order: the configured paths, and the input
    /// directory's `event*` nodes when names or discovery need them.
    private func candidates() -> [RawPath] {
        var paths = Set(selection.paths)
        if scansDirectory, let stream = directory.withCString({ opendir($0) }) {
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    RawPath(bytes: raw.prefix(while: { $0 != 0 }))
                }
                let path = directory.appending(name)
                if isCandidate(path) { paths.insert(path) }
            }
        }
        return paths.sorted()
    }
}
