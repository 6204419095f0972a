import Foundation

/// Runs blocking socket work on a thread of its own and waits for it without holding a
/// thread of the concurrency pool: the server's handler runs on that pool, and on a
/// 2-core machine a few tests blocking it would leave no thread to answer them.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            continuation.resume(with: Result { try body() })
        }.start()
    }
}
