import CDWallyCore
import CDWallySystem
import Logging

/// Plays cues (docs/PRODUCT.md §11) on an mpv core of their own, made for each cue and gone
/// after it, through the output the player uses, at the player's level. The player's core is
/// never touched: a cue cannot cost a playing or paused disc its place.
///
/// The two cores meet at the output. A shared one (PipeWire, PulseAudio, ALSA's `default`
/// with dmix) mixes the cue over the music; a device held exclusively (`alsa/hw:…`) opens for
/// the cue only while the player's core has let it go (stopped; a paused disc holds it), and
/// otherwise the cue is lost, quietly. A named pipe (the Snapcast recipe) takes no second writer: no cues
/// there. An `ao=pcm` file gets the cue in a file beside it, `FILE.cue.wav`, as two writers
/// of one file would tear it.
///
/// One cue at a time: a cue asked while one sounds is dropped (a child laying card after card
/// hears one).
///
/// Threads: `play` returns at once; the core is made on a thread of its own
/// (`mpv_initialize` waits for the core), and the cue is awaited on a task.
final class CuePlayer: Sendable {
    private let sounds: CueSounds
    /// The player's options with the output's adjusted; nil when the output takes no cue.
    private let options: [MPVOption]?
    private let sounding = LockedValue(false)
    private let logger: Logger
    /// How long a cue may take before its core is made to quit.
    private static let longest: Duration = .seconds(10)

    init?(configuration: PlayerConfiguration) {
        guard let sounds = configuration.cueSounds, !sounds.isSilent else { return nil }
        self.sounds = sounds
        options = Self.options(for: configuration.handleOptions)
        logger = configuration.logger
    }

    /// The options a cue's core gets: the player's, with its output's file moved aside; nil
    /// for a named pipe.
    static func options(for playerOptions: [MPVOption]) -> [MPVOption]? {
        if playerOptions.outputPipe != nil { return nil }
        guard let file = playerOptions.value(of: "ao-pcm-file"), !file.isEmpty else { return playerOptions }
        return playerOptions.map { $0.name == "ao-pcm-file" ? MPVOption($0.name, file + ".cue.wav") : $0 }
    }

    /// Sounds `cue` at `volume` (mpv's scale, the player's level), unless it is silent, the
    /// output takes none, or a cue sounds already.
    func play(_ cue: Cue, volume: Int) {
        guard let source = sounds.source(of: cue), let options else { return }
        let starts = sounding.withLock { busy -> Bool in
            if busy { return false }
            busy = true
            return true
        }
        guard starts else {
            logger.debug("cue \(cue.rawValue): another sounds, dropped")
            return
        }
        let coreOptions =
            options + [
                MPVOption("volume", String(volume)), MPVOption("mute", "no"), MPVOption("replaygain", "no"),
            ]
        NamedThread.start("cdwally-cue") { [self] in
            do {
                let core = try MPVHandle(options: coreOptions)
                Task { await self.sound(RawPath(source), cue: cue, on: core) }
            } catch {
                logger.warning("cue \(cue.rawValue): \(error)")
                sounding.set(false)
            }
        }
    }

    private func sound(_ source: RawPath, cue: Cue, on core: MPVHandle) async {
        let (ends, ended) = AsyncStream.makeStream(of: Void.self)
        core.startEvents { event in
            switch event {
            case .endFile, .shutdown: ended.yield()
            default: break
            }
        }
        let timer = Task {
            try? await Task.sleep(for: Self.longest)
            ended.yield()
        }
        do {
            _ = try await core.appendFile(source)
            try await core.playIndex(0)
            for await _ in ends { break }
        } catch {
            logger.warning("cue \(cue.rawValue): \(error)")
        }
        timer.cancel()
        core.quit()
        _ = await core.waitUntilDestroyed(within: .seconds(5))
        sounding.set(false)
    }
}
