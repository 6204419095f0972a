import CDWallyMPRIS
import CDWallyVocabulary
import Foundation
import TestSupport
import Testing

/// The server's D-Bus surface, checked with busctl and dbus-send on a private bus.
@Suite struct MPRISBusTests {
    @Test func introspectionShowsBothInterfacesAndTheirFlags() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let server = try MPRISServer(delegate: RecordingDelegate(), busAddress: bus.address, state: .sample)
        defer { server.stop() }

        let result = try await ExternalTool.run(
            "busctl",
            ["--address=\(bus.address)", "introspect", server.busName, ExternalTool.objectPath],
            bus: bus)
        #expect(result.status == 0, "\(result.stderr)")
        // NAME TYPE SIGNATURE RESULT/VALUE FLAGS, one member a line; a value may hold spaces,
        // so the flags are the flag words at the end.
        let flagWords: Set = ["const", "emits-change", "emits-invalidation", "writable", "explicit", "-"]
        var members: [String: (type: String, signature: String, flags: [String])] = [:]
        for line in result.stdout.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard fields.count >= 3, fields[0].hasPrefix(".") else { continue }
            let flags = fields.reversed().prefix { flagWords.contains($0) }
            members[String(fields[0].dropFirst())] = (fields[1], fields[2], Array(flags))
        }
        for method in ["Raise", "Quit", "Next", "Previous", "Pause", "PlayPause", "Stop", "Play"] {
            #expect(members[method]?.type == "method", "\(method)")
        }
        #expect(members["Seek"]?.signature == "x")
        #expect(members["SetPosition"]?.signature == "ox")
        #expect(members["OpenUri"]?.signature == "s")
        #expect(members["Seeked"]?.type == "signal")
        #expect(members["Seeked"]?.signature == "x")
        #expect(members["Metadata"]?.signature == "a{sv}")
        for property in [
            "PlaybackStatus", "Metadata", "Volume", "CanGoNext", "CanGoPrevious", "CanPlay", "CanPause",
            "CanSeek",
        ] {
            #expect(members[property]?.flags.contains("emits-change") == true, "\(property)")
        }
        #expect(members["Volume"]?.flags.contains("writable") == true)
        // Position moves all the time; clients read it and Seeked reports jumps.
        #expect(members["Position"]?.type == "property")
        #expect(members["Position"]?.flags.contains("emits-change") == false)
        for property in ["CanControl", "Rate", "MinimumRate", "MaximumRate", "Identity", "CanQuit"] {
            #expect(members[property]?.flags.contains("const") == true, "\(property)")
        }
        #expect(members["DesktopEntry"] == nil)
    }

    @Test func propertiesMatchTheStateAndOptions() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let options = MPRISOptions(desktopEntry: "cdwally", canQuit: false)
        let delegate = RecordingDelegate(positionMicroseconds: 12_000_000)
        var state = MPRISState.sample
        state.canGoNext = false
        state.canSeek = false
        let server = try MPRISServer(
            delegate: delegate, options: options, busAddress: bus.address, state: state)
        defer { server.stop() }

        let root = try await ExternalTool.allProperties(ExternalTool.rootInterface, bus: bus)
        #expect(root["Identity"] as? String == "cdwally")
        #expect(root["DesktopEntry"] as? String == "cdwally")
        #expect(root["CanQuit"] as? Bool == false)
        #expect(root["CanRaise"] as? Bool == false)
        #expect(root["HasTrackList"] as? Bool == false)
        // OpenUri is not supported, so no scheme or type is advertised for it.
        #expect(root["SupportedUriSchemes"] as? [String] == [])
        #expect(root["SupportedMimeTypes"] as? [String] == [])

        let player = try await ExternalTool.allProperties(ExternalTool.playerInterface, bus: bus)
        #expect(player["PlaybackStatus"] as? String == "Playing")
        #expect(player["Position"] as? Int == 12_000_000)
        #expect(player["Volume"] as? Double == 0.5)
        for rate in ["Rate", "MinimumRate", "MaximumRate"] {
            #expect(player[rate] as? Double == 1.0, "\(rate)")
        }
        #expect(player["CanGoNext"] as? Bool == false)
        #expect(player["CanGoPrevious"] as? Bool == true)
        #expect(player["CanPlay"] as? Bool == true)
        #expect(player["CanPause"] as? Bool == true)
        #expect(player["CanSeek"] as? Bool == false)
        #expect(player["CanControl"] as? Bool == true)
        let metadata = try #require(player["Metadata"] as? [String: [String: Any]])
        #expect(metadata["mpris:trackid"]?["type"] as? String == "o")
        #expect(metadata["mpris:trackid"]?["data"] as? String == MPRISState.sampleTrack.objectPath)
        #expect(metadata["mpris:length"]?["type"] as? String == "x")
        #expect(metadata["xesam:trackNumber"]?["type"] as? String == "i")
        #expect(metadata["xesam:discNumber"]?["data"] as? Int == 2)
        #expect(metadata["xesam:artist"]?["data"] as? [String] == ["Plastic Bertrand", "Lou Deprijck"])
        #expect(metadata["xesam:albumArtist"]?["type"] as? String == "as")
    }

    @Test func callsThatMPRISSaysToIgnoreDoNotReachTheDelegate() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let delegate = RecordingDelegate()
        var state = MPRISState.sample
        state.playbackStatus = .paused
        state.canGoNext = false
        state.canGoPrevious = false
        state.canPause = false
        state.canSeek = false
        let server = try MPRISServer(
            delegate: delegate, options: MPRISOptions(canQuit: false), busAddress: bus.address, state: state)
        defer { server.stop() }

        // dbus-send, not playerctl: playerctl checks some Can… properties itself.
        for (member, arguments) in [
            ("Next", []), ("Previous", []), ("Pause", []), ("Seek", ["int64:1000000"]),
            ("SetPosition", ["objpath:\(MPRISState.sampleTrack.objectPath)", "int64:1000000"]),
        ] {
            let result = try await ExternalTool.dbusSend(member, arguments, bus: bus)
            #expect(result.status == 0, "\(member): \(result.stderr)")
        }
        let quit = try await ExternalTool.dbusSend("Quit", interface: ExternalTool.rootInterface, bus: bus)
        #expect(quit.status == 0)
        let raise = try await ExternalTool.dbusSend("Raise", interface: ExternalTool.rootInterface, bus: bus)
        #expect(raise.status == 0)
        // Paused and CanPlay: PlayPause means play and goes through, as does Stop.
        _ = try await ExternalTool.dbusSend("PlayPause", bus: bus)
        _ = try await ExternalTool.dbusSend("Stop", bus: bus)
        #expect(delegate.commands == [.toggle, .stop])
    }

    /// MPRIS offers exactly the verbs whose doors name it (`PlayerVerb.table`, the one
    /// registry): every method and the writable Volume and Shuffle, called once, reach the
    /// player as them.
    @Test func everyMethodIsAVerbMPRISOffers() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let delegate = RecordingDelegate()
        let server = try MPRISServer(delegate: delegate, busAddress: bus.address, state: .sample)
        defer { server.stop() }
        for (member, arguments) in [
            ("Next", []), ("Previous", []), ("Pause", []), ("PlayPause", []), ("Play", []), ("Stop", []),
            ("Seek", ["int64:1000000"]),
        ] {
            let result = try await ExternalTool.dbusSend(member, arguments, bus: bus)
            #expect(result.status == 0, "\(member): \(result.stderr)")
        }
        let volume = try await ExternalTool.setPlayerProperty("Volume", "double:0.5", bus: bus)
        #expect(volume.status == 0, "\(volume.stderr)")
        let shuffle = try await ExternalTool.setPlayerProperty("Shuffle", "boolean:true", bus: bus)
        #expect(shuffle.status == 0, "\(shuffle.stderr)")
        let reached = Set(delegate.commands.compactMap { PlayerVerb.wire($0)?.name })
        #expect(reached == Set(PlayerVerb.table.filter { $0.doors.contains(.mpris) }.map(\.name)))
    }

    @Test func setPositionIgnoresStaleTracksAndPositionsOutsideTheTrack() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let delegate = RecordingDelegate()
        let server = try MPRISServer(delegate: delegate, busAddress: bus.address, state: .sample)
        defer { server.stop() }

        let current = "objpath:\(MPRISState.sampleTrack.objectPath)"
        for arguments in [
            ["objpath:/org/cdwally/track/0123456789abcdef/7", "int64:3000000"],
            [current, "int64:-1"],
            [current, "int64:181000001"],
            [current, "int64:3000000"],
        ] {
            let result = try await ExternalTool.dbusSend("SetPosition", arguments, bus: bus)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        #expect(delegate.commands == [.seek(.absolute(3))])
    }

    @Test func quitOpenUriAndVolume() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let delegate = RecordingDelegate()
        let server = try MPRISServer(delegate: delegate, busAddress: bus.address, state: .sample)
        defer { server.stop() }

        let openURI = try await ExternalTool.dbusSend("OpenUri", ["string:file:///music/a.flac"], bus: bus)
        #expect(openURI.status != 0)
        #expect(openURI.stderr.contains("org.freedesktop.DBus.Error.NotSupported"))
        let setVolume = try await ExternalTool.setPlayerProperty("Volume", "double:-0.5", bus: bus)
        #expect(setVolume.status == 0, "\(setVolume.stderr)")
        let setRate = try await ExternalTool.setPlayerProperty("Rate", "double:2.0", bus: bus)
        #expect(setRate.status != 0)
        let quit = try await ExternalTool.dbusSend("Quit", interface: ExternalTool.rootInterface, bus: bus)
        #expect(quit.status == 0, "\(quit.stderr)")
        // A negative volume counts as 0 (MPRIS); the failed calls reach nobody.
        #expect(delegate.commands == [.volume(.set(0))])
        #expect(delegate.quits == 1)
    }
}
