import CDWallyCore

extension PlayerStatus {
    /// How the running player was started: what a second `cdwally play N` compares with its
    /// own options before handing its disc over, so that it never pretends to honour a
    /// library or an output the running player does not have (docs/PRODUCT.md §5).
    public struct Setup: Sendable, Hashable {
        public var pid: Int32
        /// The library root, as the player opened it.
        public var library: String
        /// The playlist its wallet comes from; nil while there is none.
        public var playlist: String?
        public var capacity: Int
        /// The config file it read, if any.
        public var config: String?
        /// `--audio-device` (or `audio_device`); nil for auto.
        public var audioDevice: String?
        /// Every mpv option it set, `[player.mpv]` first, then `--mpv`, as `key=value`.
        public var mpv: [String]
        /// What it does at the end of a disc: `stop`, `next` or `random`.
        public var then: String
        public var repeatWallet: Bool
        public var replayGain: String
        /// Where its web remote listens, if it has one.
        public var web: String?

        public init(
            pid: Int32, library: String, playlist: String?, capacity: Int, config: String?,
            audioDevice: String?, mpv: [String], then: String, repeatWallet: Bool, replayGain: String,
            web: String?
        ) {
            self.pid = pid
            self.library = library
            self.playlist = playlist
            self.capacity = capacity
            self.config = config
            self.audioDevice = audioDevice
            self.mpv = mpv
            self.then = then
            self.repeatWallet = repeatWallet
            self.replayGain = replayGain
            self.web = web
        }

        public var json: JSONValue {
            .object([
                ("pid", .int(Int(pid))), ("library", .string(library)), ("playlist", .string(playlist)),
                ("capacity", .int(capacity)), ("config", .string(config)),
                ("audioDevice", .string(audioDevice)), ("mpv", .array(mpv.map { .string($0) })),
                ("then", .string(then)), ("repeat", .bool(repeatWallet)), ("replaygain", .string(replayGain)),
                ("web", .string(web)),
            ])
        }

        /// Reads the shape back; nil when it is missing or lacks what a comparison needs.
        init?(json: JSONValue?) {
            guard let json, let pid = json["pid"]?.intValue, let library = json["library"]?.stringValue,
                let then = json["then"]?.stringValue
            else { return nil }
            let mpv: [String]
            if case .array(let values)? = json["mpv"] {
                mpv = values.compactMap(\.stringValue)
            } else {
                mpv = []
            }
            self.init(
                pid: Int32(clamping: pid), library: library, playlist: json["playlist"]?.stringValue,
                capacity: json["capacity"]?.intValue ?? 0, config: json["config"]?.stringValue,
                audioDevice: json["audioDevice"]?.stringValue, mpv: mpv, then: then,
                repeatWallet: json["repeat"]?.boolValue ?? false,
                replayGain: json["replaygain"]?.stringValue ?? "album", web: json["web"]?.stringValue)
        }
    }
}
