import CDWallyVocabulary

/// Which key does what: a table from key codes to player commands.
///
/// `defaults` covers the keys keyboards, IR remotes and Bluetooth headsets send for media
/// control; the config file's `[keys]` table is laid over it (see `KeyMap+Config.swift`).
public struct KeyMap: Sendable, Equatable {
    public private(set) var bindings: [KeyCode: PlayerCommand]
    /// What holding a key for `InputInterpreter.holdTime` does, for the keys that have a long
    /// press of their own (`[keys.long]`). Such a key acts on release instead of on press.
    public private(set) var longBindings: [KeyCode: PlayerCommand]

    public init(_ bindings: [KeyCode: PlayerCommand], long longBindings: [KeyCode: PlayerCommand] = [:]) {
        self.bindings = bindings
        self.longBindings = longBindings
    }

    /// The command bound to `key`, if any.
    public func command(for key: KeyCode) -> PlayerCommand? {
        bindings[key]
    }

    /// The command a long press of `key` sends, if it has one.
    public func longCommand(for key: KeyCode) -> PlayerCommand? {
        longBindings[key]
    }

    /// The bound keys (short or long) in code order, for `doctor` output and device selection.
    public var keys: [KeyCode] { Set(bindings.keys).union(longBindings.keys).sorted() }

    public var isEmpty: Bool { bindings.isEmpty && longBindings.isEmpty }

    /// Binds `key` to `command`, or unbinds it when `command` is nil.
    public mutating func bind(_ key: KeyCode, to command: PlayerCommand?) {
        bindings[key] = command
    }

    /// Binds a long press of `key` to `command`, or takes it away when `command` is nil.
    public mutating func bindLong(_ key: KeyCode, to command: PlayerCommand?) {
        longBindings[key] = command
    }

    /// The built-in table.
    ///
    /// - Transport keys as keyboards (HID consumer page) and most IR keymaps send them:
    ///   KEY_PLAYPAUSE, KEY_NEXTSONG, KEY_PREVIOUSSONG, KEY_STOPCD, KEY_FASTFORWARD,
    ///   KEY_REWIND, plus KEY_PLAY and KEY_STOP.
    /// - KEY_PLAYCD and KEY_PAUSECD: what BlueZ injects for a Bluetooth headset's AVRCP
    ///   play and pause buttons (pitfall 15).
    /// - KEY_NEXT and KEY_PREVIOUS: the skip buttons of Windows Media Center remotes (the
    ///   kernel's `rc-rc6-mce` and `imon-mce` keymaps), the most common IR remote on Linux
    ///   boxes, which is why they mean next/previous *track* here.
    /// - KEY_CHANNELUP and KEY_CHANNELDOWN change disc. Nearly every TV, MCE and DVB remote
    ///   has a channel rocker (HID "Channel Increment/Decrement" maps to them too), it sits
    ///   apart from the transport keys, and no PC keyboard sends it, so a disc change is
    ///   never an accident.
    ///
    /// - KEY_VOLUMEUP, KEY_VOLUMEDOWN and KEY_MUTE move cdwally's own software volume, which
    ///   is what a remote's volume keys should do on a box with no desktop.
    ///
    /// KEY_PAUSE is left out on purpose: on a keyboard it is Pause/Break. MCE remote owners
    /// can add `KEY_PAUSE = "pause"` to `[keys]`.
    public static let defaults = KeyMap(
        Dictionary(
            uniqueKeysWithValues: [
                ("KEY_PLAYPAUSE", "play-pause"),
                ("KEY_PLAYCD", "play"),
                ("KEY_PAUSECD", "pause"),
                ("KEY_PLAY", "play"),
                ("KEY_STOPCD", "stop"),
                ("KEY_STOP", "stop"),
                ("KEY_NEXTSONG", "next"),
                ("KEY_PREVIOUSSONG", "previous"),
                ("KEY_NEXT", "next"),
                ("KEY_PREVIOUS", "previous"),
                ("KEY_FASTFORWARD", "seek-forward"),
                ("KEY_REWIND", "seek-backward"),
                ("KEY_CHANNELUP", "next-disc"),
                ("KEY_CHANNELDOWN", "previous-disc"),
                ("KEY_VOLUMEUP", "volume-up"),
                ("KEY_VOLUMEDOWN", "volume-down"),
                ("KEY_MUTE", "toggle-mute"),
            ].map { name, action in
                guard let key = KeyCode(name: name), let command = KeyActionName.command(named: action) else {
                    preconditionFailure("libevdev does not know \(name), or \(action) is no action")
                }
                return (key, command)
            }))
}
