import CDWallyCore
import CDWallySystem
import Foundation
import TestSupport
import Testing

@testable import CDWallyTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Raw mode, the alternate screen and their undoing, on a real pseudo-terminal. One at a
/// time: a process holds one display, and crash handlers are process-wide.
@Suite(.serialized) struct TerminalSessionTests {
    private func flags(_ settings: termios) -> (canonical: Bool, echo: Bool, signals: Bool) {
        (
            settings.c_lflag & tcflag_t(ICANON) != 0, settings.c_lflag & tcflag_t(ECHO) != 0,
            settings.c_lflag & tcflag_t(ISIG) != 0
        )
    }

    private func bytes(of settings: termios) -> [UInt8] {
        withUnsafeBytes(of: settings) { Array($0) }
    }

    @Test func rawModeAndTheAlternateScreenAreUndoneOnClose() async throws {
        let pty = try PseudoTerminal()
        defer { pty.closeAll() }
        let before = pty.settings()
        #expect(flags(before) == (true, true, true))

        let session = try TerminalSession.open(input: pty.terminal, output: pty.terminal)
        #expect(flags(pty.settings()) == (false, false, false))
        let entered = await pty.written(waitingFor: TerminalSession.enterSequence)
        #expect(entered.contains("\u{1B}[?1049h"))
        #expect(entered.contains("\u{1B}[?25l"))

        session.send(Array("DISC 01".utf8))
        session.close()
        session.close()
        #expect(bytes(of: pty.settings()) == bytes(of: before))
        let all = await pty.written(waitingFor: TerminalSession.leaveSequence)
        #expect(all.hasSuffix("DISC 01" + TerminalSession.leaveSequence))
    }

    @Test func oneDisplayAtATime() throws {
        let pty = try PseudoTerminal()
        defer { pty.closeAll() }
        let session = try TerminalSession.open(input: pty.terminal, output: pty.terminal)
        defer { session.close() }
        #expect(throws: TerminalError.alreadyInUse) {
            try TerminalSession.open(input: pty.terminal, output: pty.terminal)
        }
    }

    @Test func somethingThatIsNotATerminalIsAClearError() throws {
        let file = open("/dev/null", O_RDWR)
        defer { close(file) }
        do {
            _ = try TerminalSession.open(input: file, output: file)
            Issue.record("opened /dev/null as a terminal")
        } catch {
            #expect(error.description.contains("tcgetattr"))
            #expect(error.description.contains("run `cdwally play` in a terminal"))
        }
        // Nothing was left armed: a real terminal opens afterwards.
        let pty = try PseudoTerminal()
        defer { pty.closeAll() }
        try TerminalSession.open(input: pty.terminal, output: pty.terminal).close()
    }

    @Test func theSizeIsTheTerminals() throws {
        let pty = try PseudoTerminal()
        defer { pty.closeAll() }
        pty.setSize(columns: 57, rows: 13)
        let session = try TerminalSession.open(input: pty.terminal, output: pty.terminal)
        defer { session.close() }
        #expect(session.size() == ScreenSize(columns: 57, rows: 13))
        pty.setSize(columns: 40, rows: 10)
        #expect(session.size() == ScreenSize(columns: 40, rows: 10))
    }

    @Test func keysTypedOnTheTerminalArriveDecodedAndInOrder() async throws {
        let pty = try PseudoTerminal()
        defer { pty.closeAll() }
        let session = try TerminalSession.open(input: pty.terminal, output: pty.terminal)
        defer { session.close() }
        let received = LockedValue<[Key]>([])
        let ended = LockedValue(false)
        let reader = try KeyReader(
            input: pty.terminal, onKey: { key in received.withLock { $0.append(key) } },
            onEnd: { ended.set(true) })
        reader.start()
        pty.type(" n\u{1B}[C\u{1B}[6~\u{03}")
        #expect(await eventually { received.current.count >= 5 })
        #expect(received.current == [.character(" "), .character("n"), .right, .pageDown, .control("c")])
        // A lone Escape is told apart once nothing follows it.
        pty.type("\u{1B}")
        #expect(await eventually { received.current.count >= 6 })
        #expect(received.current.last == .escape)
        reader.stop()
        reader.stop()
        #expect(!ended.current)
    }

    @Test func aHangUpEndsTheKeyReader() async throws {
        let pty = try PseudoTerminal()
        let ended = LockedValue(false)
        let reader = try KeyReader(input: pty.terminal, onKey: { _ in }, onEnd: { ended.set(true) })
        reader.start()
        pty.hangUp()
        #expect(await eventually { ended.current })
        reader.stop()
        pty.closeAll()
    }

    @Test func capturedStderrLinesReachTheDisplayAndTheRealOneComesBack() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cdwally-term-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("stderr.txt").path
        // A stand-in for fd 2, so the test runner's own stderr is left alone.
        let target = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(target >= 0)
        defer { close(target) }

        let lines = LockedValue<[String]>([])
        let capture = try StandardErrorCapture.start(target: target) { line in
            lines.withLock { $0.append(line) }
        }
        emit(target, "ALSA lib: no card\npartial ")
        #expect(await eventually { lines.current == ["ALSA lib: no card"] })
        emit(target, "line\r\n\n")
        #expect(await eventually { lines.current.count == 2 })
        emit(target, "unfinished")
        capture.stop()
        capture.stop()
        #expect(lines.current == ["ALSA lib: no card", "partial line", "unfinished"])

        emit(target, "after\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "after\n")
    }

    private func emit(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
    }
}
