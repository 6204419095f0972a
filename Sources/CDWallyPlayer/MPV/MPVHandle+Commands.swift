import CDWallyCore
import CMPV

/// Typed mpv commands and property access. Every command goes through
/// `mpv_command_node`, so arguments are named where mpv allows it (positional `loadfile`
/// options broke in 0.38) and file names travel as bytes.
extension MPVHandle {
    /// Runs a command given as a node (an array, or a map with "name" and named arguments)
    /// and returns mpv's reply.
    @discardableResult
    func command(_ node: MPVNode, name: String) throws(PlayerError) -> MPVNode {
        let reply = try node.withCNode { (argument) throws(PlayerError) in
            try exchange(
                name,
                direct: { handle in
                    var result = mpv_node()
                    let status = library.commandNode(handle, argument, &result)
                    guard status >= 0 else { return MPVReply(status: status) }
                    defer { library.freeNodeContents(&result) }
                    return MPVReply(status: status, value: MPVNode(copying: result))
                },
                queued: { handle, id in library.commandNodeAsync(handle, id, argument) })
        }
        try check(reply.status, name)
        return reply.value ?? .none
    }

    /// Appends `path` to the playlist without starting it, with per-file `options` such as
    /// `start` (a global `start` would hit every later file too). Returns the new entry's id.
    func appendFile(_ path: RawPath, options: [String: String] = [:]) throws(PlayerError) -> Int64 {
        var arguments: [String: MPVNode] = [
            "name": .string("loadfile"), "url": .rawString(path.bytes), "flags": .string("append"),
        ]
        if !options.isEmpty { arguments["options"] = .map(options.mapValues { .string($0) }) }
        let reply = try command(.map(arguments), name: "loadfile \(path.display)")
        guard let id = reply["playlist_entry_id"]?.intValue else {
            throw PlayerError.mpv(
                call: "loadfile \(path.display)", message: "no playlist_entry_id in the reply")
        }
        return id
    }

    /// Starts the playlist entry at 0-based `index` (`append` never starts playback by itself).
    func playIndex(_ index: Int) throws(PlayerError) {
        try command(
            .array([.string("playlist-play-index"), .int(Int64(index))]), name: "playlist-play-index")
    }

    /// Ends playback and clears the playlist; mpv goes idle.
    func stop() throws(PlayerError) {
        try command(.array([.string("stop")]), name: "stop")
    }

    /// Seeks to `seconds` into the file, or by `seconds` from here when `relative`.
    func seek(_ seconds: Double, relative: Bool) throws(PlayerError) {
        let flags = relative ? "relative+exact" : "absolute+exact"
        try command(.array([.string("seek"), .double(seconds), .string(flags)]), name: "seek")
    }

    func setPaused(_ paused: Bool) throws(PlayerError) {
        try setProperty("pause", .flag(paused))
    }

    func setProperty(_ name: String, _ value: MPVNode) throws(PlayerError) {
        let reply = try value.withCNode { (node) throws(PlayerError) in
            try exchange(
                "set \(name)",
                direct: { handle in MPVReply(status: library.setProperty(handle, name, MPV_FORMAT_NODE, node))
                },
                queued: { handle, id in library.setPropertyAsync(handle, id, name, MPV_FORMAT_NODE, node) })
        }
        try check(reply.status, "set \(name)")
    }

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

extension MPVHandle {
    /// Moves the entry at 0-based `from` so it takes the place of the entry at `to`.
    func movePlaylistEntry(from: Int, to: Int) throws(PlayerError) {
        try command(
            .array([.string("playlist-move"), .int(Int64(from)), .int(Int64(to))]), name: "playlist-move")
    }

    /// Removes the entry at 0-based `index` (stopping it if it is playing).
    func removePlaylistEntry(at index: Int) throws(PlayerError) {
        try command(.array([.string("playlist-remove"), .int(Int64(index))]), name: "playlist-remove")
    }
}
