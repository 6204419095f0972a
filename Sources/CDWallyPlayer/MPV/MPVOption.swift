import CDWallyCore
import CDWallySystem

/// One option set on a fresh handle before `mpv_initialize`.
struct MPVOption: Sendable, Equatable {
    var name: String
    var value: String
    /// Options that only some mpv versions know are skipped when mpv does not know them.
    var bestEffort: Bool

    init(_ name: String, _ value: String, bestEffort: Bool = false) {
        self.name = name
        self.value = value
        self.bestEffort = bestEffort
    }

    /// What a music player embedding mpv needs whatever the configuration says.
    ///
    /// `mpv_create` already applies the `[libmpv]` profile (no config, no terminal, idle, no
    /// input bindings); these are repeated so no profile change can undo them. Video is off
    /// because cover art is a video track (mpv 0.38+ could open a window for it), and
    /// `cover-art-auto=no` keeps mpv from loading folder images it would only discard.
    static let embedded: [MPVOption] = [
        MPVOption("config", "no"),
        MPVOption("terminal", "no"),
        MPVOption("input-terminal", "no"),
        MPVOption("input-default-bindings", "no"),
        MPVOption("input-vo-keyboard", "no"),
        MPVOption("osc", "no"),
        MPVOption("idle", "yes"),
        MPVOption("vid", "no"),
        MPVOption("audio-display", "no"),
        MPVOption("cover-art-auto", "no"),
        MPVOption("ytdl", "no"),
        MPVOption("load-scripts", "no"),
        MPVOption("audio-client-name", "cdwally"),
        MPVOption("gapless-audio", "yes"),
        MPVOption("prefetch-playlist", "yes"),
        // Built-in Lua helpers load even with osc=no; their names changed across versions.
        MPVOption("load-stats-overlay", "no", bestEffort: true),
        MPVOption("load-osd-console", "no", bestEffort: true),
        MPVOption("load-console", "no", bestEffort: true),
        MPVOption("load-auto-profiles", "no", bestEffort: true),
        MPVOption("load-select", "no", bestEffort: true),
        MPVOption("load-positioning", "no", bestEffort: true),
        MPVOption("load-commands", "no", bestEffort: true),
        MPVOption("load-context-menu", "no", bestEffort: true),
    ]

    /// The outputs mpv tries, in its own order, when neither a device nor `ao` is configured.
    ///
    /// Left to itself, mpv goes on down its list after ALSA: mpv 0.40's Debian build then
    /// opens libsndio, which prints `couldn't open play stream` on stderr itself, past mpv's
    /// log (docs/PRODUCT.md §9: nothing but cdwally's lines reaches the terminal). Every Linux
    /// sound stack cdwally supports is one of these three; when none opens, the null output
    /// takes over with a warning (`audio-fallback-to-null`). On macOS mpv's choice stands.
    static let probedOutputs: [MPVOption] = {
        #if os(Linux)
            [MPVOption("ao", "pipewire,pulse,alsa")]
        #else
            []
        #endif
    }()
}

extension [MPVOption] {
    /// The value `name` ends with: mpv applies options in order, so the last one set wins.
    func value(of name: String) -> String? {
        last(where: { $0.name == name })?.value
    }

    /// The named pipe `ao=pcm` writes into (the Snapcast recipe), if that is the output; what
    /// `PipeOutputHold`, `PCMRelay` and `CuePlayer` each handle in their way.
    var outputPipe: String? {
        guard let path = value(of: "ao-pcm-file"), !path.isEmpty,
            FileStatus.of(RawPath(path))?.kind == .namedPipe
        else { return nil }
        return path
    }
}
