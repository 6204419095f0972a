import HummingbirdCore
import Logging
import NIOCore

/// The server's connection set-up with a `ConnectionGuard` put first in every connection's
/// pipeline, before the framework's own handlers, which it adds only once a request head is
/// complete.
///
/// Threads: `setup` on the connection's event loop.
struct GuardedChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let makeGuard: @Sendable () -> ConnectionGuard

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(makeGuard(), position: .first)
        }.flatMap { base.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
