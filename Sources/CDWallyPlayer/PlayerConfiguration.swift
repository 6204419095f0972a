import CDWallyCore
import CDWallyVocabulary
import Logging

/// How the player is set up; the CLI fills it from flags, environment and config file.
public struct PlayerConfiguration: Sendable {
    /// Where `resume.json` and the listens live: the user's state folder (`Settings.stateFolder`),
    /// not keyed by the library's path (docs/PRODUCT.md §11).
    public var stateDirectory: RawPath
    /// The user's own state folder (the same one, for the CLI), where the one software volume
    /// of every library lives (`UserVolume`); nil keeps it in `resume.json` alone.
    public var userStateDirectory: RawPath?
    /// An mpv device name from `Player.audioDevices` ("alsa/…", "pulse/…"); nil lets mpv choose.
    public var audioDevice: String?
    /// Extra mpv options, applied in order after cdwally's own so they can override them
    /// (`[player.mpv]` in the config file; tests use `ao=pcm` and `ao-pcm-file=…`).
    public var mpvOptions: [(name: String, value: String)]
    public var replayGain: ReplayGainMode
    public var endOfDisc: EndOfDiscAction
    /// With `endOfDisc == .next`, disc 1 follows the last disc instead of a stop (`--repeat`).
    public var repeatWallet: Bool
    /// Which mixer `volume` turns.
    public var mixer: Mixer = .software
    /// The highest volume level (`[player] volume_max`; 100 = the tracks as they are).
    public var volumeMax: Int = 100
    /// `[player] volume_limit`, `volume_min`, `start_volume` (`VolumeBounds`).
    public var volumeLimit: Int?
    public var volumeMin: Int?
    public var startVolume: Int?
    /// The short sounds for a card that played nothing (docs/PRODUCT.md §11); nil: none.
    public var cueSounds: CueSounds?
    /// When no device opens, play into a null output (with a warning) instead of failing.
    public var fallBackToNullOutput: Bool
    /// The shortest listen the listening memory keeps when the disc did not play to its end.
    public var minimumListen: Double = Listen.minimumSeconds
    /// Receives mpv's warnings and errors and the player's own notes.
    public var logger: Logger

    /// The levels a listener may reach, and the start level.
    public var volumeBounds: VolumeBounds {
        VolumeBounds(maximum: volumeMax, limit: volumeLimit, floor: volumeMin, start: startVolume)
    }

    public init(
        stateDirectory: RawPath, audioDevice: String? = nil, mpvOptions: [(name: String, value: String)] = [],
        replayGain: ReplayGainMode = .album, endOfDisc: EndOfDiscAction = .stop, repeatWallet: Bool = false,
        fallBackToNullOutput: Bool = false, logger: Logger = Logger(label: "cdwally.player")
    ) {
        self.stateDirectory = stateDirectory
        self.audioDevice = audioDevice
        self.mpvOptions = mpvOptions
        self.replayGain = replayGain
        self.endOfDisc = endOfDisc
        self.repeatWallet = repeatWallet
        self.fallBackToNullOutput = fallBackToNullOutput
        self.logger = logger
    }

    /// The name errors and warnings give the output: the device, else the `ao` option, else "auto".
    var outputName: String {
        audioDevice ?? mpvOptions.last(where: { $0.name == "ao" })?.value ?? "auto"
    }

    /// True when the user asked for a null output, so falling back to one is no news.
    var wantsNullOutput: Bool {
        mpvOptions.last(where: { $0.name == "ao" })?.value.split(separator: ",").first == "null"
    }

    /// Everything set on a fresh mpv handle, in order.
    var handleOptions: [MPVOption] {
        var options = MPVOption.embedded
        options.append(MPVOption("replaygain", replayGain.mpvValue))
        options.append(MPVOption("audio-fallback-to-null", fallBackToNullOutput ? "yes" : "no"))
        if let audioDevice {
            options.append(MPVOption("audio-device", audioDevice))
        } else if !mpvOptions.contains(where: { $0.name == "ao" || $0.name == "audio-device" }) {
            options += MPVOption.probedOutputs
        }
        options.append(MPVOption("volume-max", String(volumeMax)))
        options += mpvOptions.map { MPVOption($0.name, $0.value) }
        return options
    }
}
