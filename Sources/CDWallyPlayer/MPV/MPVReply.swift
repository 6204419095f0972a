import CMPV

/// One call's answer from mpv: its status, and the value a command or a property read gave.
struct MPVReply: Sendable, Equatable {
    var status: Int32
    var value: MPVNode?

    /// Copies a reply event (COMMAND_REPLY, GET_PROPERTY_REPLY, SET_PROPERTY_REPLY) on the
    /// event thread, before the next `mpv_wait_event` frees it.
    init(copying event: mpv_event) {
        status = event.error
        guard event.error >= 0, let data = event.data else { return }
        switch event.event_id {
        case MPV_EVENT_COMMAND_REPLY:
            value = MPVNode(copying: data.assumingMemoryBound(to: mpv_event_command.self).pointee.result)
        case MPV_EVENT_GET_PROPERTY_REPLY:
            value = MPVNode(copying: data.assumingMemoryBound(to: mpv_event_property.self).pointee)
        default:
            break
        }
    }

    init(status: Int32, value: MPVNode? = nil) {
        self.status = status
        self.value = value
    }
}
