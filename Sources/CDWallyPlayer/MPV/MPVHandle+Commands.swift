import CDWallyCore
import CDWallyVocabulary
import CMPV

/// Requests carried out and awaited, or posted, and property reads.
extension MPVHandle {
    /// Carries out `request` and returns mpv's reply (a command's result, `.none` otherwise).
    @discardableResult
    func perform(_ request: MPVRequest) async throws(PlayerError) -> MPVNode {
        let started: Exchange
        switch request.kind {
        case .command(let node):
            started = try node.withCNode { (argument) throws(PlayerError) in
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
            started = try value.withCNode { (node) throws(PlayerError) in
                try exchange(
                    request.name,
                    direct: { handle in
                        MPVReply(status: library.setProperty(handle, name, MPV_FORMAT_NODE, node))
                    },
                    queued: { handle, id in library.setPropertyAsync(handle, id, name, MPV_FORMAT_NODE, node)
                    })
            }
        }
        let reply = try await reply(to: started)
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
    func appendFile(_ path: RawPath, options: [String: String] = [:]) async throws(PlayerError) -> Int64 {
        let request = MPVRequest.append(path, options: options)
        guard let id = try await perform(request).playlistEntryID else {
            throw PlayerError.mpv(call: request.name, message: "no playlist_entry_id in the reply")
        }
        return id
    }

    func playIndex(_ index: Int) async throws(PlayerError) { try await perform(.playIndex(index)) }

    func stop() async throws(PlayerError) { try await perform(.stop) }

    /// A property's value, or nil while it is unavailable (no file playing, for instance).
    func property(_ name: String) async throws(PlayerError) -> MPVNode? {
        try value(of: name, in: try await reply(to: try startReading(name)))
    }

    /// The same on a handle whose event thread has not started (set-up, a short-lived handle),
    /// where mpv answers at once.
    func propertyBeforeEvents(_ name: String) throws(PlayerError) -> MPVNode? {
        guard case .replied(let reply) = try startReading(name) else {
            throw PlayerError.mpv(call: "get \(name)", message: "the event thread runs: await `property`")
        }
        return try value(of: name, in: reply)
    }

    private func startReading(_ name: String) throws(PlayerError) -> Exchange {
        try exchange(
            "get \(name)",
            direct: { handle in
                var node = mpv_node()
                let status = library.getProperty(handle, name, MPV_FORMAT_NODE, &node)
                guard status >= 0 else { return MPVReply(status: status) }
                defer { library.freeNodeContents(&node) }
                return MPVReply(status: status, value: MPVNode(copying: node))
            },
            queued: { handle, id in library.getPropertyAsync(handle, id, name, MPV_FORMAT_NODE) })
    }

    private func value(of name: String, in reply: MPVReply) throws(PlayerError) -> MPVNode? {
        if MPVErrorCode(reply.status) == .propertyUnavailable { return nil }
        try check(reply.status, "get \(name)")
        return reply.value
    }

    /// The outputs mpv can open (`audio-device-list`), "auto" first.
    func audioDevices() async throws(PlayerError) -> [AudioDevice] {
        guard case .array(let items) = try await property("audio-device-list") else { return [] }
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
