import CDWallyMPRIS
import TestSupport
import Testing

/// PropertiesChanged and Seeked as a real dbus-monitor sees them.
@Suite struct MPRISSignalTests {
    @Test func statusChangeEmitsPropertiesChangedWithoutPosition() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let server = try MPRISServer(delegate: RecordingDelegate(), busAddress: bus.address, state: .sample)
        defer { server.stop() }
        let monitor = try await SignalMonitor(bus: bus)

        var state = MPRISState.sample
        state.playbackStatus = .paused
        server.update(state)
        #expect(await eventually { !monitor.propertiesChanged.isEmpty })
        let signal = try #require(monitor.propertiesChanged.first)
        #expect(signal.contains("string \"org.mpris.MediaPlayer2.Player\""))
        #expect(signal.contains("string \"PlaybackStatus\""))
        #expect(signal.contains("string \"Paused\""))
        // Only what changed: not the metadata, never the position.
        #expect(!signal.contains("Metadata"))
        #expect(!signal.contains("Position"))
        try await monitor.stop()
    }

    @Test func seekedFollowsTheNewTracksMetadata() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let server = try MPRISServer(delegate: RecordingDelegate(), busAddress: bus.address, state: .sample)
        defer { server.stop() }
        let monitor = try await SignalMonitor(bus: bus)

        // A disc resumed on its fourth track: new metadata, then the jump to the saved spot.
        var state = MPRISState.sample
        state.metadata?.title = "Pogo pogo"
        server.update(state)
        server.seeked(positionMicroseconds: 65_000_000)
        #expect(await eventually { monitor.signals.contains { $0.contains("member=Seeked") } })
        let signals = monitor.signals
        let seeked = try #require(signals.firstIndex { $0.contains("member=Seeked") })
        let metadata = try #require(signals.firstIndex { $0.contains("Pogo pogo") })
        #expect(metadata < seeked)
        #expect(signals[seeked].contains("int64 65000000"))
        try await monitor.stop()
    }

    @Test func anUnchangedStateSendsNothing() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let server = try MPRISServer(delegate: RecordingDelegate(), busAddress: bus.address, state: .sample)
        defer { server.stop() }
        let monitor = try await SignalMonitor(bus: bus)

        server.update(.sample)
        // Seeked flushes pending PropertiesChanged first: once it is seen, none is coming.
        server.seeked(positionMicroseconds: 1)
        #expect(await eventually { monitor.signals.contains { $0.contains("member=Seeked") } })
        #expect(monitor.propertiesChanged.isEmpty)
        try await monitor.stop()
    }

    @Test func aBurstOfUpdatesIsBatched() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        // A long interval, so the test does not depend on how fast this machine is.
        let options = MPRISOptions(signalInterval: .seconds(2))
        let server = try MPRISServer(
            delegate: RecordingDelegate(), options: options, busAddress: bus.address, state: .sample)
        defer { server.stop() }
        let monitor = try await SignalMonitor(bus: bus)

        // Spaced out, so each update reaches the bus thread on its own.
        var state = MPRISState.sample
        for step in 1...5 {
            state.volume = Double(step) / 5
            server.update(state)
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(await eventually { monitor.propertiesChanged.last?.contains("double 1") == true })
        // The first change goes out at once, the other four together after the interval
        // (three signals if this machine is so slow that the updates span it).
        #expect(monitor.propertiesChanged.count <= 3)
        try await monitor.stop()
    }
}
