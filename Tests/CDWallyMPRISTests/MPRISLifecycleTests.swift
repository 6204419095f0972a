import CDWallyMPRIS
import Foundation
import Synchronization
import TestSupport
import Testing

/// Starting, naming and stopping the server, and what happens when the bus goes away.
@Suite struct MPRISLifecycleTests {
    @Test func aSecondPlayerTakesAnInstanceName() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let first = try MPRISServer(delegate: RecordingDelegate(), busAddress: bus.address, state: .sample)
        defer { first.stop() }
        let second = try MPRISServer(delegate: RecordingDelegate(), busAddress: bus.address)
        defer { second.stop() }

        #expect(first.busName == "org.mpris.MediaPlayer2.cdwally")
        #expect(second.busName == "org.mpris.MediaPlayer2.cdwally.instance\(getpid())")
        let players = try await ExternalTool.run("playerctl", ["-l"], bus: bus)
        let names = players.stdout.split(separator: "\n")
        #expect(names.contains("cdwally"))
        #expect(names.contains("cdwally.instance\(getpid())"))
    }

    @Test func stopReleasesTheNameAndLaterCallsAreHarmless() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let server = try MPRISServer(delegate: RecordingDelegate(), busAddress: bus.address, state: .sample)
        #expect(try await playerNames(bus).contains("cdwally"))

        server.stop()
        #expect(try await !playerNames(bus).contains("cdwally"))
        server.update(MPRISState())
        server.seeked(positionMicroseconds: 0)
        server.stop()
        // The name is free again for the next player.
        let next = try MPRISServer(delegate: RecordingDelegate(), busAddress: bus.address)
        #expect(next.busName == "org.mpris.MediaPlayer2.cdwally")
        next.stop()
    }

    @Test(.timeLimit(.minutes(2))) func quitCanStopTheServerFromTheDelegate() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let serverBox = Mutex<MPRISServer?>(nil)
        // The player's reaction to Quit: shut down, MPRIS included, on the bus thread.
        let delegate = RecordingDelegate(onQuit: { serverBox.withLock { $0 }?.stop() })
        let server = try MPRISServer(delegate: delegate, busAddress: bus.address, state: .sample)
        serverBox.withLock { $0 = server }

        let quit = try await ExternalTool.dbusSend("Quit", interface: ExternalTool.rootInterface, bus: bus)
        #expect(quit.status == 0, "\(quit.stderr)")
        #expect(await eventually { (try? await playerNames(bus).contains("cdwally")) == false })
        server.stop()
        #expect(delegate.commands.isEmpty)
        #expect(delegate.quits == 1)
    }

    @Test(.timeLimit(.minutes(2))) func losingTheBusEndsTheServerWithOneWarning() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        let log = LogRecorder()
        let server = try MPRISServer(
            delegate: RecordingDelegate(), busAddress: bus.address, state: .sample, logger: log.logger)
        #expect(try await playerNames(bus).contains("cdwally"))

        bus.stop()
        #expect(await eventually { log.warnings.count == 1 })
        server.update(MPRISState())
        server.stop()
        #expect(log.warnings.count == 1)
    }

    @Test func aNameTheBusRefusesIsATypedError() async throws {
        let bus = try await PrivateBus()
        defer { bus.stop() }
        #expect {
            _ = try MPRISServer(
                delegate: RecordingDelegate(), options: MPRISOptions(playerName: "not a name!"),
                busAddress: bus.address)
        } throws: { error in
            guard case .callFailed(let call, _) = error as? MPRISError else { return false }
            return call.contains("sd_bus_request_name")
        }
        // Nothing was left behind: the proper name is free.
        let server = try MPRISServer(delegate: RecordingDelegate(), busAddress: bus.address)
        #expect(server.busName == "org.mpris.MediaPlayer2.cdwally")
        server.stop()
    }

    @Test func anUnreachableBusIsATypedError() throws {
        let address = "unix:path=/nonexistent-\(UUID().uuidString)/bus"
        #expect {
            _ = try MPRISServer(delegate: RecordingDelegate(), busAddress: address)
        } throws: { error in
            guard case .cannotConnect(let failed, _) = error as? MPRISError else { return false }
            return failed == address && "\(error)".contains(address) && !"\(error)".contains("\n")
        }
    }

    /// Runs only where there is no session bus at all (as on this build machine).
    @Test(.enabled(if: Self.hasNoSessionBus)) func noSessionBusIsATypedError() throws {
        #expect {
            _ = try MPRISServer(delegate: RecordingDelegate())
        } throws: { error in
            guard case .noSessionBus = error as? MPRISError else { return false }
            return "\(error)".contains("no D-Bus session bus")
        }
    }

    static var hasNoSessionBus: Bool {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DBUS_SESSION_BUS_ADDRESS"] == nil else { return false }
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        return !FileManager.default.fileExists(atPath: "\(runtime)/bus")
    }

    private func playerNames(_ bus: PrivateBus) async throws -> [Substring] {
        try await ExternalTool.run("playerctl", ["-l"], bus: bus).stdout.split(separator: "\n")
    }
}
