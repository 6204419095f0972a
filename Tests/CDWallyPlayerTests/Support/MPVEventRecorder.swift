import CDWallyCore
import CDWallySystem
import Foundation

@testable import CDWallyPlayer

/// Keeps every event an `MPVHandle` delivers, for tests to look through. Filled on the mpv
/// event thread, read by the test task; the list is behind a lock.
final class MPVEventRecorder: Sendable {
    private let events = LockedValue<[MPVEvent]>([])

    var all: [MPVEvent] { events.current }

    func record(_ event: MPVEvent) {
        events.withLock { $0.append(event) }
    }

    /// The END_FILE reason mpv gave for `entryID`, once it came.
    func endReason(of entryID: Int64) -> MPVEndFileReason? {
        for case .endFile(let id, let reason) in all where id == entryID { return reason }
        return nil
    }

    func started(_ entryID: Int64) -> Bool {
        all.contains(.startFile(entryID: entryID))
    }

    /// The last value seen for an observed property.
    func lastValue(of property: String) -> MPVNode? {
        for case .propertyChange(let name, let value) in all.reversed() where name == property {
            return value
        }
        return nil
    }

    var errorLogs: [MPVLogMessage] {
        all.compactMap { event in
            if case .log(let message) = event, message.level <= .error { return message }
            return nil
        }
    }
}
