import CMPV

extension MPVEvent {
    /// Copies the events cdwally uses out of mpv's struct; nil for the rest (command and
    /// property replies, deprecated IDLE/TICK, reconfig notices, queue overflow).
    init?(copying event: mpv_event) {
        switch event.event_id {
        case MPV_EVENT_START_FILE:
            guard let data = event.data?.assumingMemoryBound(to: mpv_event_start_file.self) else {
                return nil
            }
            self = .startFile(entryID: data.pointee.playlist_entry_id)
        case MPV_EVENT_END_FILE:
            guard let data = event.data?.assumingMemoryBound(to: mpv_event_end_file.self).pointee else {
                return nil
            }
            self = .endFile(entryID: data.playlist_entry_id, reason: MPVEndFileReason(data))
        case MPV_EVENT_FILE_LOADED:
            self = .fileLoaded
        case MPV_EVENT_SEEK:
            self = .seek
        case MPV_EVENT_PLAYBACK_RESTART:
            self = .playbackRestart
        case MPV_EVENT_PROPERTY_CHANGE:
            guard let data = event.data?.assumingMemoryBound(to: mpv_event_property.self).pointee,
                let name = data.name
            else { return nil }
            self = .propertyChange(name: String(cString: name), value: MPVNode(copying: data))
        case MPV_EVENT_LOG_MESSAGE:
            guard let data = event.data?.assumingMemoryBound(to: mpv_event_log_message.self).pointee else {
                return nil
            }
            self = .log(MPVLogMessage(data))
        case MPV_EVENT_HOOK:
            guard let data = event.data?.assumingMemoryBound(to: mpv_event_hook.self).pointee,
                let name = data.name
            else { return nil }
            self = .hook(name: String(cString: name), id: data.id)
        case MPV_EVENT_SHUTDOWN:
            self = .shutdown
        default:
            return nil
        }
    }
}

extension MPVEndFileReason {
    init(_ data: mpv_event_end_file) {
        switch data.reason {
        case MPV_END_FILE_REASON_EOF: self = .endOfFile
        case MPV_END_FILE_REASON_STOP: self = .stopped
        case MPV_END_FILE_REASON_QUIT: self = .quit
        case MPV_END_FILE_REASON_REDIRECT: self = .redirect
        default: self = .error(MPVErrorCode(data.error))
        }
    }
}

extension MPVLogMessage {
    init(_ data: mpv_event_log_message) {
        prefix = data.prefix.map { String(cString: $0) } ?? ""
        var line = data.text.map { String(cString: $0) } ?? ""
        while line.hasSuffix("\n") { line.removeLast() }
        text = line
        switch data.log_level {
        case MPV_LOG_LEVEL_FATAL: level = .fatal
        case MPV_LOG_LEVEL_ERROR: level = .error
        case MPV_LOG_LEVEL_WARN: level = .warn
        case MPV_LOG_LEVEL_INFO: level = .info
        case MPV_LOG_LEVEL_V: level = .verbose
        case MPV_LOG_LEVEL_DEBUG: level = .debug
        default: level = .trace
        }
    }
}

extension MPVNode {
    /// Copies a PROPERTY_CHANGE value; format NONE means the property is unavailable and
    /// `data` must not be read.
    init(copying property: mpv_event_property) {
        guard let data = property.data else {
            self = .none
            return
        }
        switch property.format {
        case MPV_FORMAT_FLAG:
            self = .flag(data.load(as: Int32.self) != 0)
        case MPV_FORMAT_INT64:
            self = .int(data.load(as: Int64.self))
        case MPV_FORMAT_DOUBLE:
            self = .double(data.load(as: Double.self))
        case MPV_FORMAT_STRING, MPV_FORMAT_OSD_STRING:
            self = data.load(as: UnsafePointer<CChar>?.self).map { .string(String(cString: $0)) } ?? .none
        case MPV_FORMAT_NODE:
            self = MPVNode(copying: data.load(as: mpv_node.self))
        default:
            self = .none
        }
    }
}
