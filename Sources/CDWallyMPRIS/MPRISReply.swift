import CDWallySystem
import CMPRIS
import CSystemd

/// The answer still owed to one MPRIS method call: the delegate calls `succeed()` or
/// `fail(_:)` once the player carried the command out (from any thread), and the bus thread
/// sends the D-Bus reply. A client such as playerctl thus learns of a failure as a D-Bus
/// error, instead of a success for a command that never took effect.
///
/// Only the first answer counts. A reply for a call that needs none (a property write)
/// answers nothing.
public final class MPRISReply: Sendable {
    private let call: MPRISPendingCall?
    private let mailbox: MPRISMailbox?
    private let answered = LockedValue(false)

    init(call: MPRISPendingCall?, mailbox: MPRISMailbox?) {
        self.call = call
        self.mailbox = mailbox
    }

    /// A reply nobody waits for.
    public static var none: MPRISReply { MPRISReply(call: nil, mailbox: nil) }

    public func succeed() {
        answer(error: nil)
    }

    /// Answers with `org.freedesktop.DBus.Error.Failed` and `message`.
    public func fail(_ message: String) {
        answer(error: message)
    }

    private func answer(error: String?) {
        guard let call, let mailbox,
            answered.withLock({ done in
                defer { done = true }
                return !done
            })
        else { return }
        mailbox.post(.reply(call, error: error))
    }
}

/// A method call held past its callback (a reference sd-bus counts), until the bus thread
/// answers it. Released on whichever thread drops it last; only the bus thread sends on it.
final class MPRISPendingCall: @unchecked Sendable {
    private let message: OpaquePointer

    /// Takes a reference to `message`, which sd-bus lent to a callback.
    init(retaining message: OpaquePointer) {
        self.message = sd_bus_message_ref(message)
    }

    deinit { sd_bus_message_unref(message) }

    /// Sends the reply; on the bus thread only.
    func answer(error: String?) -> Int32 {
        guard let error else { return cmpris_reply(message, nil, nil) }
        return cmpris_reply(message, "org.freedesktop.DBus.Error.Failed", error)
    }
}
