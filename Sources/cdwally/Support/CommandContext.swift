import ArgumentParser
import CDWallyConfig
import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallySystem
import Foundation

/// What a command runs with: resolved settings, the terminal, and the library once opened.
/// Built once per run by `CommandContext.run`, which is also the one place where errors
/// become a line on stderr and an exit code.
struct CommandContext {
    let settings: Settings
    let terminal: Terminal
    /// Set once the library is open, so a later error can be recorded against it.
    private(set) var libraryRoot: RawPath?
    /// Set once the user was told the index lives outside its cache folder.
    private var toldOfFallback = false

    /// Runs a command body with a fresh context; prints any failure as one line
    /// (`cdwally: …`), records it for `doctor`, and exits with its code.
    /// A command that finds the index damaged runs once more: the damage left a marker that
    /// makes the next opening build the index afresh (it is only a cache of the files).
    static func run(_ global: GlobalOptions, _ body: (inout CommandContext) throws -> Void) throws {
        var context: CommandContext?
        do {
            context = try CommandContext(global)
            do { try body(&context!) } catch LibraryError.indexDamaged {
                context = try CommandContext(global)
                try body(&context!)
            }
        } catch {
            throw exit(for: error, context: context)
        }
    }

    /// The same for commands that await the player.
    static func run(_ global: GlobalOptions, _ body: (inout CommandContext) async throws -> Void) async throws
    {
        var context: CommandContext?
        do {
            context = try CommandContext(global)
            do { try await body(&context!) } catch LibraryError.indexDamaged {
                context = try CommandContext(global)
                try await body(&context!)
            }
        } catch {
            throw exit(for: error, context: context)
        }
    }

    /// Runs a command body that needs no settings (the control commands), with the same
    /// one line and exit code for a failure; no config file is read, so none can stop it.
    static func runWithoutConfig(_ body: () throws -> Void) throws {
        do { try body() } catch { throw exit(for: error, context: nil) }
    }

    private init(_ global: GlobalOptions) throws {
        let settings = try Settings.resolve(
            flags: .init(
                library: global.library, playlist: global.playlist, capacity: global.capacity,
                config: global.config, stateDir: global.stateDir))
        for warning in settings.config?.warnings ?? [] { StandardError.emit("cdwally: \(warning)\n") }
        // The state an earlier cdwally kept per library path, once (DESIGN.md §5).
        let homes = [settings.stateFolder, settings.directories.cdwallyState].map { RawPath($0) }
        for line in LibraryStateMerge.run(into: RawPath(settings.stateFolder), from: homes) {
            StandardError.emit("cdwally: \(line)\n")
        }
        self.settings = settings
        terminal = .current(environment: settings.environment)
    }

    /// The one place an error becomes words on stderr and an exit code.
    private static func exit(for error: any Error, context: CommandContext?) -> any Error {
        if error is ExitCode || error is CleanExit { return error }
        let failure = CommandFailure(error)
        StandardError.emit(failure.printed)
        context?.record(failure)
        return ExitCode(failure.code)
    }

    /// Opens the library (docs/PRODUCT.md §1 for where it is), with a progress line on stderr
    /// when stderr is a terminal.
    mutating func library() throws -> LibraryService {
        let progress: (@Sendable (ScanProgress) -> Void)? =
            terminal.stderrIsTerminal ? CommandContext.showProgress : nil
        let service = try LibraryService(
            candidates: settings.libraryCandidates.map { ($0.path, $0.source) },
            cacheDirectory: settings.directories.cdwallyCache, progress: progress)
        libraryRoot = service.root
        if let fallback = service.index.fallback, !toldOfFallback {
            StandardError.emit("cdwally: \(fallback)\n")
            toldOfFallback = true
        }
        return service
    }

    /// The library, indexed whole at least once: a command that lists or picks from the whole
    /// library (`albums`, `add`) scans one that never was, with progress on a terminal.
    mutating func scannedLibrary() throws -> LibraryService {
        let service = try library()
        if try service.neverScanned() { _ = try service.scan() }
        return service
    }

    /// The album a command's arguments name: an id, a path, or words (after `--`, always words).
    static func albumQuery(_ arguments: [String]) -> AlbumQuery {
        AlbumQuery(
            arguments: arguments, forceWords: wordsOnly, workingDirectory: WorkingDirectory.path)
    }

    /// `--` stood on the command line: what follows is words, even a lone number.
    static var wordsOnly: Bool { CommandLine.arguments.contains("--") }

    /// Puts the album `arguments` name into the CDs playlist, as `add` does: a wallet at its
    /// capacity is refused before anything is written, unless this is the undo of a `remove`.
    mutating func addAlbum(namedBy arguments: [String], dryRun: Bool = false) throws -> (
        service: LibraryService, change: LibraryService.WalletChange
    ) {
        let service = try scannedLibrary()
        // The playlist the change will be made to, as far as can be told before its wallet is
        // built: put back if a cut tore it, and said so, before the change reads it.
        let recorded = LibraryNotes.load(folder: libraryFolder(for: service.root)).playlistChoice?.playlist
        _ = recoverPlaylist(
            playlistOverride ?? recorded.map { RawPath($0) } ?? service.root.appending("CDs.m3u8"),
            root: service.root)
        let album = try service.album(Self.albumQuery(arguments))
        return (service, try add(album, to: service, dryRun: dryRun))
    }

    /// Puts `album` into the CDs playlist, as `add` does.
    func add(_ album: AlbumSummary, to service: LibraryService, dryRun: Bool = false) throws
        -> LibraryService.WalletChange
    {
        try service.add(
            album, playlist: playlistOverride, capacity: settings.capacity,
            state: playlistState(for: service.root), undoFolder: undoFolder(for: service.root), dryRun: dryRun
        )
    }

    /// Where `remove` keeps the lines it took, for its undo to put back.
    func undoFolder(for root: RawPath) -> RawPath { RawPath(libraryFolder(for: root)) }

    /// Where a writer of the CDs playlist keeps its old bytes when the playlist's folder is not
    /// writable (`UserFileEdit`), and looks for them after a cut: the library's own folder.
    func playlistState(for root: RawPath) -> RawPath { RawPath(libraryFolder(for: root)) }

    @Sendable private static func showProgress(_ progress: ScanProgress) {
        StandardError.emit("\r\u{1B}[Kindexing: \(progress.read)/\(progress.toRead) files")
        if progress.read == progress.toRead { StandardError.emit("\r\u{1B}[K") }
    }

    var playlistOverride: RawPath? { settings.playlist.map { RawPath($0) } }

    /// The user's state folder: resume points and listens, whatever library they were made
    /// with, as album ids are relative to the library (docs/PRODUCT.md §11).
    var stateFolder: String { settings.stateFolder }

    /// A library's own folder in the state folder, keyed by its path: its `notes.json` (last
    /// error, playlist choice), facts about that path rather than about the albums.
    func libraryFolder(for root: RawPath) -> String {
        LibraryNotes.folder(stateHome: settings.stateFolder, root: root)
    }

    /// Builds the wallet, telling the user once when capacity hides discs (docs/PRODUCT.md §4).
    /// Throws when there is no CDs playlist unless `allowingNoPlaylist` (for `doctor`).
    mutating func wallet(wholeTree: Bool = false, allowingNoPlaylist: Bool = false) throws -> (
        LibraryService, WalletReport
    ) {
        let service = try library()
        var report = try service.wallet(
            playlist: playlistOverride, capacity: settings.capacity, wholeTree: wholeTree)
        if let chosen = report.choice.chosen, recoverPlaylist(chosen, root: service.root) {
            report = try service.wallet(
                playlist: playlistOverride, capacity: settings.capacity, wholeTree: wholeTree)
        }
        if report.choice.chosen == nil && !allowingNoPlaylist {
            throw LibraryError.noPlaylist(root: service.root)
        }
        ProblemLines.emit(report.scan.problems.map(\.description))
        // One line however many: an export of another computer's library has thousands.
        let unavailable = report.entries.unavailable.count
        if unavailable > 0 && !wholeTree {
            StandardError.emit(
                "cdwally: \(Format.count(unavailable, "entry", "entries")) of the CDs playlist "
                    + "\(unavailable == 1 ? "leads" : "lead") nowhere (cdwally doctor says why)\n")
        }
        let folder = libraryFolder(for: service.root)
        var notes = LibraryNotes.load(folder: folder)
        let choice = LibraryNotes.RecordedChoice(
            playlist: report.choice.chosen?.display, reason: report.choice.reason, time: Date())
        var changed =
            notes.playlistChoice?.playlist != choice.playlist || notes.playlistChoice?.reason != choice.reason
        if report.wallet.hidden > 0 && !notes.capacityNoticeShown {
            StandardError.emit(
                "cdwally: the CDs playlist holds \(Format.count(report.wallet.total, "disc")); "
                    + "\(report.wallet.hidden) \(report.wallet.hidden == 1 ? "is" : "are") not shown "
                    + "(capacity \(report.wallet.capacity)). Use --capacity N, or capacity = N in config.toml "
                    + "(0 = no limit).\n")
            notes.capacityNoticeShown = true
            changed = true
        }
        if changed {
            notes.playlistChoice = choice
            try? notes.save(folder: folder)
        }
        return (service, report)
    }

    /// Puts back the playlist where a cut tore it and sweeps its stale temporary files
    /// (docs/PRODUCT.md §11), each put-back said in one line; true when something was said.
    func recoverPlaylist(_ playlist: RawPath, root: RawPath) -> Bool {
        let said = UserFileRecovery.recover(playlist, state: playlistState(for: root))
        for line in said { StandardError.emit("cdwally: \(line)\n") }
        return !said.isEmpty
    }

    /// Remembers the failure as the library's last error, for `doctor`.
    private func record(_ failure: CommandFailure) {
        guard let root = libraryRoot else { return }
        let folder = libraryFolder(for: root)
        var notes = LibraryNotes.load(folder: folder)
        notes.lastError = .init(message: failure.message, time: Date())
        try? notes.save(folder: folder)
    }

    /// Prints a command's output; whatever came from tags or file names has its control
    /// characters shown as U+FFFD.
    func print(_ text: String) {
        Swift.print(ShownText.cleanLines(text))
    }

    /// Prints a command's JSON output as written: it escapes every control character itself
    /// (`JSONValue`), so it needs no second pass.
    func print(_ json: JSONValue) {
        Self.printJSON(json)
    }

    static func printJSON(_ json: JSONValue) {
        Swift.print(json.serialized())
    }
}
