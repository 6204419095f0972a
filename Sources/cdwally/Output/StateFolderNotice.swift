import CDWallyConfig
import CDWallyCore
import CDWallyLibrary

/// The one line `serve` (at start-up) and `doctor` say when the user's state folder would not
/// survive a reboot (docs/PRODUCT.md §11, "A read-only root"), naming the setting that moves
/// it. Nothing is said when the folder, wherever a setting put it, is on a lasting disk.
enum StateFolderNotice {
    /// The file system's description when the state folder is lost at reboot.
    static func volatileKind(_ settings: Settings) -> String? {
        VolatileFolder.kind(of: RawPath(settings.stateFolder))
    }

    static func line(_ settings: Settings) -> String? {
        guard let kind = volatileKind(settings) else { return nil }
        let chosen = settings.stateFolderSource.map { " (\($0))" } ?? ""
        return "the state folder \(settings.stateFolder)\(chosen) is on \(kind): resume points and "
            + "listens will not survive a reboot; set state_dir in config.toml (or $CDWALLY_STATE_DIR) "
            + "to a folder on a lasting disk, such as the music disk"
    }
}
