import CDWallyCore

/// When the wallet watcher looks inside a library root that is an automount point with its disk
/// away (the Pi guide's line for a USB stick, the stick pulled). Each look asks systemd to mount
/// the disk, and each try that finds no disk writes its lines to the system journal: at every
/// turn, twice a second, a day without the stick would be some 300,000 lines on an SD card.
/// A look is still what mounts a stick plugged back, so it looks at every turn while a plug is
/// likely, and seldom otherwise:
/// - for `window` after the disk went away (pulled by mistake, plugged back at once), and
///   after any change of the device folder (`/dev`, where the kernel makes a disk's nodes the
///   moment it is plugged, before anything mounts it);
/// - else once every `fallback`: a share or a disk that comes back with no new device.
///
/// A value of the watcher's thread; instants and stamps are given, so that tests choose them.
struct AwayDiskLooks {
    static let window: Duration = .seconds(10)
    static let fallback: Duration = .seconds(30)

    /// Until when every turn looks.
    private var lookUntil: ContinuousClock.Instant?
    private var lastLook: ContinuousClock.Instant?
    /// The device folder as the last turn saw it.
    private var devices: NodeStamp?

    /// Whether this turn looks, the disk being away since the last look; `devices` is the
    /// device folder's stamp now.
    mutating func mayLook(at now: ContinuousClock.Instant, devices: NodeStamp?) -> Bool {
        if lookUntil == nil || devices != self.devices { lookUntil = now + Self.window }
        self.devices = devices
        guard let until = lookUntil, now < until || lastLook.map({ now - $0 >= Self.fallback }) ?? true else {
            return false
        }
        lastLook = now
        return true
    }
}
