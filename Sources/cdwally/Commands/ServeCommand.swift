import ArgumentParser
import CDWallyCore
import CDWallyKeys
import CDWallyPlayer
import CDWallyVocabulary
import Logging

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a headless player that carries on where the last one was cut off.",
        discussion: """
            For a jukebox: no terminal needed, made to run under systemd (see cdwally(1) and the \
            units `make install` puts in lib/systemd). \
            At start it plays on the disc that was playing when the last player ended (a power \
            cut, kill -9, a shutdown), from its saved place; if that disc was paused or stopped, \
            or with --idle (or on_start = "idle" in [player]), it idles until told what to play. \
            A library not there yet (a USB disk mounted late) is waited for, and `cdwally status` \
            says so; once it is mounted, serve starts as it would have. \
            Control it with `cdwally toggle`, `cdwally disc 3` and the rest, with MPRIS media keys \
            when a session bus is there, and with --input for remotes and keyboards read straight \
            from evdev. It logs to stderr, in a form journald reads well, and stops cleanly on \
            SIGTERM with every position saved. \
            One player per user: while one runs (whatever its XDG_RUNTIME_DIR), serve refuses \
            with status 75, naming its pid and socket.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var playerOptions: PlayerOptions
    @OptionGroup var webOptions: WebOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read media keys and volume knobs from evdev: auto (every device with media keys or a knob) or a device path (repeatable).",
            valueName: "auto|device"),
        completion: .file())
    var input: [String] = []

    @Flag(name: .long, help: "Take the --input devices for cdwally alone (EVIOCGRAB); never with auto.")
    var grab = false

    @Flag(name: .long, help: "Idle at start even if a disc was playing when the last player ended.")
    var idle = false

    func validate() throws {
        if grab && (input.isEmpty || input.contains { $0.lowercased() == "auto" }) {
            throw ValidationError("--grab needs --input with device paths; it never applies to auto.")
        }
    }

    func run() async throws {
        try await CommandContext.run(global) { context in
            let idles = idle || context.settings.config?.onStart?.value == "idle"
            let settings = context.settings
            let config = context.settings.config
            let configPath = config.map { RawPath($0.path) }
            let keyMap = try KeyMap(
                config: Dictionary(
                    (config?.keys ?? []).map { ($0.key, $0.action) }, uniquingKeysWith: { $1 }),
                long: Dictionary(
                    (config?.longKeys ?? []).map { ($0.key, $0.action) }, uniquingKeysWith: { $1 }),
                file: configPath)
            let knob = try Knob(
                axis: config?.knobAxis?.value, reverse: config?.knobReverse?.value ?? false, file: configPath)
            var startUp = PlayerStartUp(options: playerOptions, web: webOptions)
            startUp.allowingNoPlaylist = true
            startUp.waitingForLibrary = true
            try await startUp.run(
                &context, ifRunning: { running, _ in throw running.refusal },
                accept: { service, report in
                    let logger = Logger(label: "cdwally")
                    // A jukebox on an overlay root forgets every place at reboot unless told.
                    if let notice = StateFolderNotice.line(settings) { logger.warning("\(notice)") }
                    if report.choice.chosen == nil {
                        logger.warning(
                            "no CDs playlist in \(service.root.display) yet; waiting for one to appear")
                    } else if report.wallet.discs.isEmpty {
                        logger.warning("\(EmptyWallet.reason(report))")
                    }
                }
            ) { started in
                let host = started.host
                let logger = host.logger
                if !input.isEmpty {
                    try await host.startKeys(
                        selection: InputSelection(arguments: input, grab: grab), keyMap: keyMap, knob: knob,
                        excluding: PlayerHost.cardReaders(settings))
                }
                let journal = Task { await ServeCommand.log(host.view.events(), logger: logger) }
                let discs = Format.count(started.report.wallet.discs.count, "disc")
                if !idles, let position = host.interruptedDisc {
                    logger.info(
                        "ready: \(discs) in the wallet; playing on disc \(position), cut off last time")
                    // Not awaited: it may wait for the sound card, and a stop signal must not wait.
                    Task { await host.playOn(position, logger: logger) }
                } else {
                    logger.info("ready: \(discs) in the wallet; idle until told what to play")
                }
                // No CDs playlist yet (a library disk mounting late), or its disk pulled while
                // the player runs: when it comes, carry on as a start with it would have,
                // unless something plays meanwhile.
                if !idles {
                    host.whenWalletArrives { [host] report in
                        guard ![.playing, .paused].contains(host.view.snapshot.state),
                            let position = host.interruptedDisc(in: report.wallet)
                        else { return }
                        logger.info("the library is here: playing on disc \(position), cut off last time")
                        Task { await host.playOn(position, logger: logger) }
                    }
                }
                await host.waitForShutdownRequest()
                await host.shutdown()
                await journal.value
                logger.info("stopped")
            }
        }
    }

    /// What a jukebox's log should say: each track as it starts, and whatever went wrong.
    /// The same problem said again within `repeatQuiet` is not written again: an output tried
    /// again every few seconds while a sound card comes up (`PlayerHost.playOn`) says it once.
    static func log(_ events: AsyncStream<PlayerEvent>, logger: Logger) async {
        var lastProblem: (text: String, at: ContinuousClock.Instant)?
        for await event in events {
            if case .trackChanged(let snapshot) = event, let line = PlainPlayback.line(for: snapshot) {
                logger.info("\(line)")
            } else if case .playbackFinished = event, let notice = event.notice {
                logger.info("\(notice.text); idle until told what to play")
            } else if let notice = event.notice {
                let now = ContinuousClock.now
                if notice.level != .info {
                    if let lastProblem, lastProblem.text == notice.text, now - lastProblem.at < repeatQuiet {
                        continue
                    }
                    lastProblem = (notice.text, now)
                }
                log(notice, to: logger)
            }
        }
    }

    static let repeatQuiet: Duration = .seconds(60)

    /// A notice at its level.
    static func log(_ notice: EventNotice, to logger: Logger) {
        switch notice.level {
        case .info: logger.info("\(notice.text)")
        case .warning: logger.warning("\(notice.text)")
        case .error: logger.error("\(notice.text)")
        }
    }
}
