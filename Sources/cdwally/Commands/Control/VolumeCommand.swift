import ArgumentParser
import CDWallyControl
import CDWallyPlayer
import CDWallyVocabulary

struct VolumeCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: PlayerVerb.volume.name, abstract: PlayerVerb.volume.abstract,
        discussion: """
            Levels go from 0 to 100 (or to volume_max in [player]); a change is smooth, and mute \
            keeps the level for unmute. The level and mute are kept across restarts. A level above \
            volume_limit (or below volume_min) in [player] sets the limit (or the floor) instead.
            """)

    @OptionGroup var options: ControlOptions

    // Captured raw so that "-5" is a value, not an unknown option.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "A level, +N or -N, mute, unmute or toggle-mute; none shows the volume.", valueName: "change"))
    var change: [String] = []

    func validate() throws {
        guard change.count <= 1, change.allSatisfy({ VolumeChange(text: $0) != nil }) else {
            throw ValidationError("volume takes one value: 40, +5, -5, mute, unmute or toggle-mute.")
        }
    }

    var request: ControlRequest? {
        guard let text = change.first else { return .status }
        return VolumeChange(text: text).map { .command(.volume($0)) }
    }

    func render(_ status: PlayerStatus) -> String {
        "Volume \(status.volume)" + (status.muted ? " (muted)" : "") + bound(status)
    }

    /// Why the level set is not the one asked: `volume_limit` or `volume_min` set the nearest
    /// one they allow (docs/PRODUCT.md §11).
    private func bound(_ status: PlayerStatus) -> String {
        guard let text = change.first, case .set(let asked)? = VolumeChange(text: text),
            asked != status.volume
        else { return "" }
        return asked > status.volume
            ? " (the limit: volume_limit in [player])" : " (the floor: volume_min in [player])"
    }
}
