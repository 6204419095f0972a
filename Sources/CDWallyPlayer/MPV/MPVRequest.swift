import CDWallyCore

/// One request to mpv's core: a command or a property to set. The same request can be
/// carried out and waited for (`MPVHandle.perform`) or posted without waiting
/// (`MPVHandle.post`). Commands are nodes, so arguments are named where mpv allows it
/// (positional `loadfile` options broke in 0.38) and file names travel as bytes.
struct MPVRequest: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case command(MPVNode)
        case setProperty(String, MPVNode)
    }

    /// What errors and logs call it.
    let name: String
    let kind: Kind

    static func command(_ node: MPVNode, name: String) -> MPVRequest {
        MPVRequest(name: name, kind: .command(node))
    }

    static func set(_ property: String, _ value: MPVNode) -> MPVRequest {
        MPVRequest(name: "set \(property)", kind: .setProperty(property, value))
    }

    /// Appends `path` to the playlist without starting it, with per-file `options` such as
    /// `start` (a global `start` would hit every later file too). The reply holds the new
    /// entry's `playlist_entry_id`.
    static func append(_ path: RawPath, options: [String: String] = [:]) -> MPVRequest {
        var arguments: [String: MPVNode] = [
            "name": .string("loadfile"), "url": .rawString(path.bytes), "flags": .string("append"),
        ]
        if !options.isEmpty { arguments["options"] = .map(options.mapValues { .string($0) }) }
        return .command(.map(arguments), name: "loadfile \(path.display)")
    }

    /// Starts the playlist entry at 0-based `index` (`append` never starts playback by itself).
    static func playIndex(_ index: Int) -> MPVRequest {
        .command(.array([.string("playlist-play-index"), .int(Int64(index))]), name: "playlist-play-index")
    }

    /// Ends playback and clears the playlist; mpv goes idle.
    static let stop = MPVRequest.command(.array([.string("stop")]), name: "stop")

    /// Seeks to `seconds` into the file, or by `seconds` from here when `relative`.
    static func seek(_ seconds: Double, relative: Bool) -> MPVRequest {
        let flags = relative ? "relative+exact" : "absolute+exact"
        return .command(.array([.string("seek"), .double(seconds), .string(flags)]), name: "seek")
    }

    /// Closes the audio output and opens it again: a new stream on the device.
    static let reloadOutput = MPVRequest.command(.array([.string("ao-reload")]), name: "ao-reload")

    static func pause(_ paused: Bool) -> MPVRequest { .set("pause", .flag(paused)) }

    /// Moves the entry at 0-based `from` so it takes the place of the entry at `to`.
    static func movePlaylistEntry(from: Int, to: Int) -> MPVRequest {
        .command(
            .array([.string("playlist-move"), .int(Int64(from)), .int(Int64(to))]), name: "playlist-move")
    }

    /// Removes the entry at 0-based `index` (stopping it if it is playing).
    static func removePlaylistEntry(at index: Int) -> MPVRequest {
        .command(.array([.string("playlist-remove"), .int(Int64(index))]), name: "playlist-remove")
    }
}
