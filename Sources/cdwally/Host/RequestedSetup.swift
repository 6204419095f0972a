import CDWallyControl
import CDWallyPlayer
import CDWallyVocabulary
import Foundation

/// What a `play N` asks of a player beyond the disc: the library and playlist it resolved
/// (from any source: they decide what disc N is), and the player options it was given on
/// its command line. Handed over to a running player, each must be what that player
/// already has: it cannot change its library, its output or its rules while it runs.
/// `--from-start` is not here (the play command carries it) and `--verbose` only changes
/// what this command logs.
struct RequestedSetup {
    var library: String?
    var playlist: String?
    /// `--library` and `--playlist` as given on the command line, if they were.
    var libraryFlag: String?
    var playlistFlag: String?
    var capacity: Int?
    var config: String?
    var audioDevice: String?
    var mpv: [String] = []
    var then: String?
    var repeatWallet = false
    var replayGain: String?
    var web: String?

    /// Why `setup` cannot honour this request, one phrase per option; empty when it can.
    /// A player that does not say how it was started (an older cdwally) honours none.
    func conflicts(with setup: PlayerStatus.Setup?) -> [String] {
        guard let setup else {
            let given =
                [
                    libraryFlag.map { "--library \($0)" }, playlistFlag.map { "--playlist \($0)" },
                    capacity.map { "--capacity \($0)" }, config.map { "--config \($0)" },
                    audioDevice.map { "--audio-device \($0)" }, then.map { "--then \($0)" },
                    repeatWallet ? "--repeat" : nil, replayGain.map { "--replaygain \($0)" },
                    web.map { "--web \($0)" },
                ].compactMap { $0 } + mpv.map { "--mpv \($0)" }
            return given.map { "\($0) (it is an older cdwally that does not say how it was started)" }
        }
        var conflicts: [String] = []
        if let library, !Self.samePath(library, setup.library) {
            conflicts.append("the library \(library) (it plays \(setup.library))")
        }
        if let playlist, !(setup.playlist.map { Self.samePath(playlist, $0) } ?? false) {
            conflicts.append("the playlist \(playlist) (it plays \(setup.playlist ?? "none"))")
        }
        if let capacity, capacity != setup.capacity {
            conflicts.append("--capacity \(capacity) (it has \(setup.capacity))")
        }
        if let config, !(setup.config.map { Self.samePath(config, $0) } ?? false) {
            conflicts.append("--config \(config) (it read \(setup.config ?? "none"))")
        }
        if let audioDevice, audioDevice != (setup.audioDevice ?? "auto") {
            conflicts.append("--audio-device \(audioDevice) (it plays on \(setup.audioDevice ?? "auto"))")
        }
        for option in mpv {
            let key = Self.key(of: option)
            let running = setup.mpv.last { Self.key(of: $0) == key }
            if running != option {
                conflicts.append("--mpv \(option) (it plays with \(running ?? "no \(key) option"))")
            }
        }
        if let then, then != setup.then { conflicts.append("--then \(then) (it does \(setup.then))") }
        if repeatWallet, !setup.repeatWallet { conflicts.append("--repeat (it does not repeat)") }
        if let replayGain, replayGain != setup.replayGain {
            conflicts.append("--replaygain \(replayGain) (it uses \(setup.replayGain))")
        }
        if let web, web != setup.web {
            conflicts.append("--web \(web) (its web remote \(setup.web.map { "is on \($0)" } ?? "is off"))")
        }
        return conflicts
    }

    private static func key(of option: String) -> Substring {
        option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
    }

    /// Both name the same folder or file once links are followed.
    private static func samePath(_ first: String, _ second: String) -> Bool {
        let resolve = { (path: String) in
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        return resolve(first) == resolve(second)
    }
}
