import CDWallyCore

/// The device nodes this user may not open yet, and when to say so. udev gives a node it just
/// made its group and ACL a moment after the kernel made it, so a denial met on hot-plug is
/// said only when it outlasts a grace; one met at start is said at once, and each only once.
/// The key reader and the card reader keep one each.
struct PermissionWaits {
    private struct Wait {
        var reportAt: ContinuousClock.Instant
        var reported: Bool
    }

    private var waits: [RawPath: Wait] = [:]

    /// Notes that `path` was refused at `now`: true when that is to be said now.
    mutating func denied(
        _ path: RawPath, atStartup: Bool, now: ContinuousClock.Instant, grace: Duration
    ) -> Bool {
        var wait = waits[path] ?? Wait(reportAt: atStartup ? now : now + grace, reported: false)
        let due = !wait.reported && now >= wait.reportAt
        if due { wait.reported = true }
        waits[path] = wait
        return due
    }

    func isWaiting(_ path: RawPath) -> Bool { waits[path] != nil }

    /// `path` opened, went away, or failed for another reason: it waits no more.
    mutating func forget(_ path: RawPath) { waits[path] = nil }

    /// The refused paths whose grace ran out by `now` and that were not said yet: to try again.
    func due(at now: ContinuousClock.Instant) -> [RawPath] {
        waits.filter { !$0.value.reported && now >= $0.value.reportAt }.map(\.key).sorted()
    }

    /// When the next grace runs out; nil when none waits.
    var nextReport: ContinuousClock.Instant? {
        waits.values.filter { !$0.reported }.map(\.reportAt).min()
    }
}
