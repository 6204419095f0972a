import CDWallyCore
import CDWallySystem
import Foundation

/// Media keys straight from evdev, for boxes with no desktop: `cdwally serve --input auto`.
///
/// One thread does all the work (`InputPollLoop`): it polls the open devices, an inotify
/// watch on the input directory for hot-plug, and a self-pipe that `stop()` writes to.
/// Each press of a bound key, long press and knob detent calls `onPress` with what was done,
/// its command and the device's name, on
/// that thread, so the handler should hand the command on (to the player's mailbox) and
/// return. Nothing is grabbed unless explicitly named devices ask for it.
///
/// Off by default in the product: on a desktop MPRIS already receives these keys, and
/// both together would act twice (pitfall 16).
///
/// Thread-safe: `start()` and `stop()` may be called from any thread; the mutable state
/// here is the current run, behind a mutex. Everything else lives on the reader's thread.
public final class InputKeyReader: Sendable {
    public static let defaultDirectory = RawPath("/dev/input")

    private let settings: InputPollLoop.Settings
    private let onPress: @Sendable (KeyPress, String) -> Void
    private let onNotice: @Sendable (InputNotice) -> Void
    private let threadSetup: (@Sendable () -> Void)?
    private let current = LockedValue<Run?>(nil)

    /// - Parameters:
    ///   - selection: `.auto`, or explicit device paths (optionally grabbed).
    ///   - keyMap: which keys mean what; `KeyMap(config:)` builds it from `[keys]`.
    ///   - knob: which relative axes turn the volume; `Knob(axis:reverse:)` reads `[knob]`.
    ///   - directory: where `auto` looks for `event*` nodes; tests point it elsewhere.
    ///   - cardReaders: the configured card readers, never read for keys (many also claim
    ///     media keys), in `auto` or named.
    ///   - onNotice: devices opened and removed, and problems that do not stop the reader.
    ///   - onPress: called once per press of a bound key, long press or knob detent, with the
    ///     device's name.
    public convenience init(
        selection: InputSelection,
        keyMap: KeyMap = .defaults,
        knob: Knob = .default,
        directory: RawPath = InputKeyReader.defaultDirectory,
        excluding cardReaders: CardReaderSelection = .none,
        onNotice: @escaping @Sendable (InputNotice) -> Void = { _ in },
        onPress: @escaping @Sendable (KeyPress, String) -> Void
    ) {
        self.init(
            selection: selection, keyMap: keyMap, knob: knob, directory: directory,
            permissionGrace: .seconds(3),
            threadSetup: nil, cardReaders: cardReaders, onNotice: onNotice, onPress: onPress)
    }

    /// `permissionGrace` is how long a new node may refuse us before it is reported;
    /// `threadSetup` runs first on the reader's thread (tests use it to drop file-system
    /// privileges there, as root cannot otherwise see EACCES).
    init(
        selection: InputSelection, keyMap: KeyMap, knob: Knob = .default, directory: RawPath,
        permissionGrace: Duration,
        threadSetup: (@Sendable () -> Void)?, cardReaders: CardReaderSelection = .none,
        onNotice: @escaping @Sendable (InputNotice) -> Void,
        onPress: @escaping @Sendable (KeyPress, String) -> Void
    ) {
        settings = InputPollLoop.Settings(
            selection: selection, keyMap: keyMap, knob: knob, directory: directory,
            permissionGrace: permissionGrace, cardReaders: cardReaders)
        self.threadSetup = threadSetup
        self.onNotice = onNotice
        self.onPress = onPress
    }

    deinit {
        stop()
    }

    /// Opens the devices and starts the reader's thread; returns once the first scan is
    /// done, so its notices arrive before this returns. Throws when an explicitly named
    /// device cannot be used (missing, no permission, not an input device) or the hot-plug
    /// watch cannot be set up. Calling it while running does nothing.
    ///
    /// The devices are opened on the reader's thread (whose set-up may change what it may
    /// open), which says how that went through a continuation: the caller's task waits
    /// without holding a thread.
    public func start() async throws(InputError) {
        let wake: WakePipe
        do { wake = try WakePipe() } catch {
            throw .systemCallFailed(call: "pipe", path: nil, message: error.reason)
        }
        let run = Run()
        let isNew = current.withLock { current in
            guard current == nil else { return false }
            current = run
            return true
        }
        guard isNew else { return }

        let outcome = await withCheckedContinuation { (opened: CheckedContinuation<InputError?, Never>) in
            let thread = PollThread.start(name: "cdwally-evdev", stopSignal: wake) {
                [settings, onPress, onNotice, threadSetup] thread in
                threadSetup?()
                let loop: InputPollLoop
                do throws(InputError) {
                    loop = try InputPollLoop(settings: settings, onPress: onPress, onNotice: onNotice)
                    try loop.openInitialDevices()
                } catch {
                    opened.resume(returning: error)
                    return
                }
                opened.resume(returning: nil)
                loop.run(thread)
            }
            run.thread.set(thread)
        }
        if let error = outcome {
            run.thread.current?.waitUntilFinished()
            current.withLock { if $0 === run { $0 = nil } }
            throw error
        }
    }

    /// Stops the thread and closes every device (releasing any grab); returns when that
    /// is done, except when called from a handler on the reader's own thread, where it
    /// only asks. Safe to call twice, or before `start()`.
    public func stop() {
        guard let run = current.withLock({ $0.take() }) else { return }
        run.thread.current?.stop()
    }

    /// One start-to-stop lifetime of the reader's thread.
    private final class Run: Sendable {
        let thread = LockedValue<PollThread?>(nil)
    }
}
