import CDWallyCore
import Glibc

/// Hot-plug notification: an inotify descriptor watching the directories device nodes
/// appear in (`/dev/input`, or the parents of explicitly named devices).
///
/// udev creates a node (IN_CREATE), then sets its group and mode (IN_ATTRIB), and makes
/// `by-id` links by renaming a temporary file (IN_MOVED_TO), so all three are reported.
/// devtmpfs removes `/dev/input` itself when its last device goes, so a watched directory
/// may vanish or not exist yet: then its nearest existing ancestor is watched until it
/// is back, and `directoryAppeared` tells the caller to scan it.
///
/// Owned by the polling thread of `InputKeyReader`; not thread-safe.
final class DirectoryWatch {
    enum Change: Equatable {
        /// An entry of a watched directory was created, moved in, or had its attributes changed.
        case entry(RawPath, attributesOnly: Bool)
        /// A watched directory that was missing exists now and is watched: scan it.
        case directoryAppeared(RawPath)
        /// The kernel dropped events (IN_Q_OVERFLOW): rescan everything.
        case overflow
    }

    /// The inotify descriptor, for the poll set.
    let fileDescriptor: Int32
    /// The directories whose entries matter.
    private var targets: Set<RawPath> = []
    /// Targets that do not exist at the moment.
    private var missing: Set<RawPath> = []
    /// Every live watch: targets, and ancestors of missing targets.
    private var watches: [Int32: RawPath] = [:]

    private static let mask =
        UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    init() throws(InputError) {
        fileDescriptor = try InputError.checkSystemCall(
            inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)), "inotify_init1")
    }

    deinit {
        close(fileDescriptor)
    }

    /// Starts watching `directory`; a missing one is waited for. Returns whether it exists now.
    @discardableResult
    func watch(_ directory: RawPath) throws(InputError) -> Bool {
        let directory = directory.lexicallyNormalized()
        targets.insert(directory)
        if watches.values.contains(directory) { return true }
        if try addWatch(directory) { return true }
        missing.insert(directory)
        try watchAncestors()
        // Made between the two attempts: the ancestor's watch came too late to report it.
        guard try addWatch(directory) else { return false }
        missing.remove(directory)
        dropUnneededAncestors()
        return true
    }

    /// Reads every pending inotify event without blocking.
    func readChanges() -> [Change] {
        var changes: [Change] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            while offset + Self.headerSize <= count {
                let (wd, mask, nameLength) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[
                    (offset + Self.headerSize)..<min(count, offset + Self.headerSize + nameLength)]
                let name = RawPath(bytes: nameBytes.prefix(while: { $0 != 0 }))
                offset += Self.headerSize + nameLength
                changes += handle(wd: wd, mask: mask, name: name)
            }
        }
        return changes
    }

    private static let headerSize = MemoryLayout<inotify_event>.size

    private func handle(wd: Int32, mask: UInt32, name: RawPath) -> [Change] {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return [.overflow] }
        guard let directory = watches[wd] else { return [] }
        if mask & UInt32(IN_IGNORED) != 0 {
            // The directory is gone (or was moved and unwatched below): wait for it again.
            watches[wd] = nil
            if targets.contains(directory) { missing.insert(directory) }
            return resolveMissing()
        }
        if mask & UInt32(IN_MOVE_SELF) != 0 {
            // The watch would follow the directory to its new name; drop it, IN_IGNORED follows.
            inotify_rm_watch(fileDescriptor, wd)
            return []
        }
        var changes: [Change] = []
        let entryMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_ATTRIB)
        if !name.isEmpty, mask & entryMask != 0, targets.contains(directory) {
            changes.append(
                .entry(directory.appending(name), attributesOnly: mask & entryMask == UInt32(IN_ATTRIB)))
        }
        if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !missing.isEmpty {
            changes += resolveMissing()
        }
        return changes
    }

    /// Retries the missing targets after a directory appeared somewhere above them.
    ///
    /// Ancestors are watched before the targets are tried, so a directory made in between
    /// is either found by the attempt or reported by the new watch; never lost.
    private func resolveMissing() -> [Change] {
        // A failure leaves the target missing; the next directory event retries it.
        try? watchAncestors()
        var changes: [Change] = []
        for directory in missing.sorted() where (try? addWatch(directory)) == true {
            missing.remove(directory)
            changes.append(.directoryAppeared(directory))
        }
        dropUnneededAncestors()
        return changes
    }

    /// Watches the nearest existing ancestor of each missing target.
    private func watchAncestors() throws(InputError) {
        for directory in missing {
            var ancestor = directory.parent
            while !watches.values.contains(ancestor), try !addWatch(ancestor) {
                let next = ancestor.parent
                if next == ancestor { break }
                ancestor = next
            }
        }
    }

    /// Drops the watches on ancestors that no missing target waits for any more.
    private func dropUnneededAncestors() {
        var needed: Set<RawPath> = []
        for directory in missing {
            var ancestor = directory.parent
            while !watches.values.contains(ancestor) && ancestor.parent != ancestor {
                ancestor = ancestor.parent
            }
            needed.insert(ancestor)
        }
        for (wd, directory) in watches where !targets.contains(directory) && !needed.contains(directory) {
            inotify_rm_watch(fileDescriptor, wd)
            watches[wd] = nil
        }
    }

    /// Adds one watch; false when the directory does not exist (or is not a directory).
    private func addWatch(_ directory: RawPath) throws(InputError) -> Bool {
        let wd = directory.withCString { inotify_add_watch(fileDescriptor, $0, Self.mask) }
        if wd >= 0 {
            watches[wd] = directory
            return true
        }
        if errno == ENOENT || errno == ENOTDIR { return false }
        throw InputError.status(errno: errno, call: "inotify_add_watch", path: directory)
    }
}
