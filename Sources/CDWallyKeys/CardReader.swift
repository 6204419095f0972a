import CDWallyCore
import CDWallySystem

/// A USB card reader as an input device (docs/PRODUCT.md §11): the readers `[cards] reader`
/// names, grabbed, each card they type handed to `onCard`; or, for `card assign` with none
/// configured, every device that types digits and Enter, ungrabbed (`CardReaderSelection`).
///
/// One thread (`cdwally-cards`, a `CardReaderLoop`) polls the readers, an inotify watch for
/// hot-plug and the stop signal. `onCard` and `onNotice` are called on that thread, in the
/// order the readers typed: hand a card on (to the host's task) and return.
///
/// Thread-safe: `start()` and `stop()` may be called from any thread; the mutable state here
/// is the current run, behind a mutex. Everything else lives on the reader's thread.
public final class CardReader: Sendable {
    private let settings: CardReaderLoop.Settings
    private let onCard: @Sendable (CardRead) -> Void
    private let onNotice: @Sendable (CardReaderNotice) -> Void
    private let current = LockedValue<PollThread?>(nil)

    /// - Parameters:
    ///   - selection: the configured readers (`CardReaderSelection(configured:)`) or `.discover`.
    ///   - directory: where names and discovery look for `event*` nodes; tests point it elsewhere.
    ///   - unfinishedAfter: how long a number may wait for its Enter.
    public init(
        selection: CardReaderSelection,
        directory: RawPath = InputKeyReader.defaultDirectory,
        unfinishedAfter: Duration = CardReaderDecoder.defaultUnfinishedAfter,
        onNotice: @escaping @Sendable (CardReaderNotice) -> Void = { _ in },
        onCard: @escaping @Sendable (CardRead) -> Void
    ) {
        settings = CardReaderLoop.Settings(
            selection: selection, directory: directory, permissionGrace: .seconds(3),
            unfinishedAfter: unfinishedAfter)
        self.onCard = onCard
        self.onNotice = onNotice
    }

    deinit {
        stop()
    }

    /// Opens the readers there now and starts the thread; returns once that first look is
    /// done, so its notices come before this returns. A reader that is not there is no error
    /// (it is opened when plugged in); only a hot-plug watch that cannot be set up throws.
    /// Calling it while running does nothing.
    public func start() async throws(InputError) {
        let wake: WakePipe
        do { wake = try WakePipe() } catch {
            throw .systemCallFailed(call: "pipe", path: nil, message: error.reason)
        }
        let outcome = await withCheckedContinuation { (opened: CheckedContinuation<InputError?, Never>) in
            current.withLock { current in
                guard current == nil else { return opened.resume(returning: nil) }
                current = PollThread.start(name: "cdwally-cards", stopSignal: wake) {
                    [settings, onCard, onNotice] thread in
                    let loop: CardReaderLoop
                    do throws(InputError) {
                        loop = try CardReaderLoop(settings: settings, onCard: onCard, onNotice: onNotice)
                    } catch {
                        opened.resume(returning: error)
                        return
                    }
                    loop.openInitialDevices()
                    opened.resume(returning: nil)
                    loop.run(thread)
                }
            }
        }
        if let error = outcome {
            stop()
            throw error
        }
    }

    /// Stops the thread and closes every reader, releasing its grab; returns when that is
    /// done, except when called from a handler on the reader's own thread. Safe to call twice.
    public func stop() {
        current.withLock { $0.take() }?.stop()
    }
}
