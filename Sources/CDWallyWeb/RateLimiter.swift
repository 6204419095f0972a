import CDWallyCore
import CDWallySystem
import Foundation

/// Allows at most `limit` events per sliding `window`: pairing attempts and failed logins
/// (docs/PRODUCT.md §6), so that guessing a code or a secret from the LAN goes nowhere.
/// Counted for the whole server, not per address: an attacker could change addresses, and a
/// household pairs a browser a few times a year.
///
/// Threads: any (a lock).
final class RateLimiter: Sendable {
    let limit: Int
    let window: TimeInterval
    private let times = LockedValue<[Date]>([])

    init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    /// Whether another event fits now; counts it when it does.
    func allow(now: Date = Date()) -> Bool {
        times.withLock { times in
            times.removeAll { now.timeIntervalSince($0) >= window }
            guard times.count < limit else { return false }
            times.append(now)
            return true
        }
    }
}
