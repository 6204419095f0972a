import ArgumentParser
import CDWallyConfig
import CDWallyCore
import CDWallyPlayer

extension EndOfDiscAction: ExpressibleByArgument {}
extension ReplayGainMode: ExpressibleByArgument {}

/// Where sound goes: the options `list-devices` shares with the commands that play.
struct OutputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The audio output, as `cdwally list-devices` names it (default: auto).", valueName: "name"))
    var audioDevice: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Set an mpv option, e.g. --mpv ao=pcm --mpv ao-pcm-file=out.wav (repeatable).",
            valueName: "key=value"))
    var mpv: [String] = []

    func validate() throws {
        for option in mpv where !option.contains("=") || option.hasPrefix("=") {
            throw ValidationError("--mpv takes KEY=VALUE, e.g. --mpv ao=null (got '\(option)').")
        }
    }
}

/// The options of the commands that start a player (`play`, `serve`), each also settable
/// in the config file's `[player]` table; a flag wins.
struct PlayerOptions: ParsableArguments {
    @OptionGroup var output: OutputOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What to do when a disc ends: stop, next (the next disc) or random (one not played lately).",
            valueName: "action"))
    var then: EndOfDiscAction?

    @Flag(
        name: .customLong("repeat"),
        help: "With --then next, play disc 1 after the last disc instead of stopping there.")
    var repeatWallet = false

    @Option(name: .long, help: ArgumentHelp("ReplayGain: album (default), track or off.", valueName: "mode"))
    var replaygain: ReplayGainMode?

    @Flag(name: .long, help: "Log more: the library refresh, MPRIS, key presses.")
    var verbose = false

    /// The player's configuration: flags, then the config file, then the defaults.
    func configuration(settings: Settings, stateFolder: String) -> PlayerConfiguration {
        var configuration = output.configuration(
            settings: settings, stateFolder: stateFolder, then: then, replayGain: replaygain)
        configuration.userStateDirectory = RawPath(settings.stateFolder)
        configuration.repeatWallet = repeatWallet || settings.config?.repeatWallet?.value == true
        configuration.mixer = settings.config?.mixer.flatMap { Mixer(rawValue: $0.value) } ?? .software
        configuration.volumeMax = settings.config?.volumeMax?.value ?? 100
        configuration.volumeLimit = settings.config?.volumeLimit?.value
        configuration.volumeMin = settings.config?.volumeMin?.value
        configuration.startVolume = settings.config?.startVolume?.value
        configuration.cueSounds = CueSounds(config: settings.config)
        return configuration
    }
}

extension OutputOptions {
    /// The player's configuration from these flags and the playing ones, then the config
    /// file, then the defaults.
    func configuration(
        settings: Settings, stateFolder: String, then: EndOfDiscAction? = nil,
        replayGain: ReplayGainMode? = nil
    ) -> PlayerConfiguration {
        let config = settings.config
        var options = config?.mpvOptions.map { (name: $0.key, value: $0.value) } ?? []
        for option in mpv {
            let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            options.append((String(parts[0]), parts.count > 1 ? String(parts[1]) : ""))
        }
        let device = audioDevice ?? config?.audioDevice?.value
        // With no device chosen anywhere, a machine without a sound card plays to a null
        // output (and says so) rather than failing: the demo must run on a headless box.
        let chosenOutput = device != nil || options.contains { $0.name == "ao" || $0.name == "audio-device" }
        return PlayerConfiguration(
            stateDirectory: RawPath(stateFolder), audioDevice: device, mpvOptions: options,
            replayGain: replayGain ?? config?.replayGain.flatMap { ReplayGainMode(configValue: $0.value) }
                ?? .album,
            endOfDisc: then ?? config?.then.flatMap { EndOfDiscAction(rawValue: $0.value) } ?? .stop,
            fallBackToNullOutput: !chosenOutput)
    }
}

extension ReplayGainMode {
    /// The config file spells "off" as mpv does too: "no".
    init?(configValue: String) {
        self.init(rawValue: configValue == "no" ? "off" : configValue)
    }
}
