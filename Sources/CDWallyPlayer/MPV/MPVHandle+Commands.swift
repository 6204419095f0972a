import CDWallyCore
import CMPV

/// Requests carried out and waited for, or posted, and property reads.
extension MPVHandle {
    /// Carries out `request` and returns mpv's reply (a command's result, `.none` otherwise).
    @discardableResult
    func perform(_ request: MPVRequest) throws(PlayerError) -> MPVNode {
        let reply: MPVReply
        switch request.kind {
        case .command(let node):
            reply = try node.withCNode { (argument) throws(PlayerError) in
                try exchange(
                    request.name,
                    direct: { handle in
                        var result = mpv_node()
                        let status = library.commandNode(handle, argument, &result)
                        guard status >= 0 else { return MPVReply(status: status) }
                        defer { library.freeNodeContents(&result) }
                        return MPVReply(status: status, value: MPVNode(copying: result))
                    },
                    queued: { handle, id in library.commandNodeAsync(handle, id, argument) })
            }
        case .setProperty(let name, let value):
            reply = try value.withCNode { (node) throws(PlayerError) in
                try exchange(
                    request.name,
                    direct: { handle in
                        MPVReply(status: library.setProperty(handle, name, MPV_FORMAT_NODE, node))
                    },
                    queued: { handle, id in library.setPropertyAsync(handle, id, name, MPV_FORMAT_NODE, node)
                    })
            }
        }
        try check(reply.status, request.name)
        return reply.value ?? .none
    }

    /// Sends `request` without waiting (see `post(_:_:)`) and returns its id.
    @discardableResult
    func post(_ request: MPVRequest) throws(PlayerError) -> UInt64 {
        switch request.kind {
        case .command(let node):
            return try node.withCNode { (argument) throws(PlayerError) in
                try post(request.name) { handle, id in library.commandNodeAsync(handle, id, argument) }
            }
        case .setProperty(let name, let value):
            return try value.withCNode { (node) throws(PlayerError) in
                try post(request.name) { handle, id in
                    library.setPropertyAsync(handle, id, name, MPV_FORMAT_NODE, node)
                }
            }
        }
    }

    /// Appends `path` (see `MPVRequest.append`) and returns the new entry's id.
    func appendFile(_ path: RawPath, options: [String: String] = [:]) throws(PlayerError) -> Int64 {
        let request = MPVRequest.append(path, options: options)
        guard let id = try perform(request).playlistEntryID else {
            throw PlayerError.mpv(call: request.name, message: "no playlist_entry_id in the reply")
        }
        return id
    }

    func playIndex(_ index: Int) throws(PlayerError) { try perform(.playIndex(index)) }

    func stop() throws(PlayerError) { try perform(.stop) }

    func setProperty(_ name: String, _ value: MPVNode) throws(PlayerError) { try perform(.set(name, value)) }

    /// A property's value, or nil while it is unavailable (no file playing, for instance).
    func property(_ name: String) throws(PlayerError) -> MPVNode? {
        let reply = try exchange(
            "get \(name)",
            direct: { handle in
                var node = mpv_node()
                let status = library.getProperty(handle, name, MPV_FORMAT_NODE, &node)
                guard status >= 0 else { return MPVReply(status: status) }
                defer { library.freeNodeContents(&node) }
                return MPVReply(status: status, value: MPVNode(copying: node))
            },
            queued: { handle, id in library.getPropertyAsync(handle, id, name, MPV_FORMAT_NODE) })
        if MPVErrorCode(reply.status) == .propertyUnavailable { return nil }
        try check(reply.status, "get \(name)")
        return reply.value
    }

    /// The outputs mpv can open (`audio-device-list`), "auto" first.
    func audioDevices() throws(PlayerError) -> [AudioDevice] {
        guard case .array(let items) = try property("audio-device-list") else { return [] }
        return items.compactMap { item in
            guard let name = item["name"]?.stringValue else { return nil }
            return AudioDevice(name: name, description: item["description"]?.stringValue ?? name)
        }
    }
}

extension MPVNode {
    /// The `playlist_entry_id` of a `loadfile` reply.
    var playlistEntryID: Int64? { self["playlist_entry_id"]?.intValue }
}
