import CDWallyCore

/// Which evdev devices to read, as `cdwally serve --input` gives them.
public enum InputSelection: Sendable, Equatable {
    /// Every `event*` node in the input directory that can send a bound key, including
    /// ones plugged in later. Never grabs: these may be the keyboards someone types on.
    case auto
    /// Exactly these nodes (e.g. `/dev/input/by-id/usb-…-event-kbd`), reopened when they
    /// come back after an unplug. `grab` takes them exclusively: for dedicated remotes only.
    case devices([RawPath], grab: Bool = false)

    /// Reads `--input` values: `auto`, or device paths (the option may repeat). `auto`
    /// among paths, or no value at all, means `auto`.
    public init(arguments: [String], grab: Bool = false) {
        if arguments.isEmpty || arguments.contains(where: { $0.lowercased() == "auto" }) {
            self = .auto
        } else {
            self = .devices(arguments.map { RawPath($0) }, grab: grab)
        }
    }
}
