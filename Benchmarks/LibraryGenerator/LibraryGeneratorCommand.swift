import ArgumentParser
import CDWallyCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cdwally-libgen`: writes a music library for the benchmarks (BENCHMARKS.md), the same
/// from the same seed, with a `CDs.m3u8` naming one track of each of a few albums.
@main
struct LibraryGeneratorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cdwally-libgen",
        abstract: "Generate a music library to benchmark cdwally against MPD.",
        discussion: """
            Albums of 8 to 20 tracks in FLAC, MP3, Ogg Vorbis, Opus and M4A, copied from the small \
            templates in Benchmarks/Templates and tagged as real libraries are (multi-disc sets, \
            some in CD1/CD2, Disc One/Disc Two, Left/Right or CDDB-style "Title (Disc 1)" folders, \
            compilations, some with no tag to say so, guests credited with "feat.", sort names on \
            some albums, MusicBrainz ids, ReplayGain, names in many scripts), and a CDs.m3u8 at the root. The same seed gives the same library, \
            and a larger library holds the smaller one's albums.
            """)

    /// `Benchmarks/Templates`, beside this file's folder.
    static let defaultTemplates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Templates").path

    /// How the library is laid out.
    enum Shape: String, ExpressibleByArgument, CaseIterable {
        /// The planner's own: `Artist/Album (Year)`, short names, small covers.
        case tidy
        /// Deep folders, long names, large covers, loose and non-audio files (`RealWorldShape`).
        case realWorld = "real-world"
    }

    @Option(help: "How many albums to write.") var albums = 1000
    @Option(help: "tidy, or real-world: deep folders, long names, large covers, loose and non-audio files.")
    var shape: Shape = .tidy
    @Option(help: "The seed: the same seed gives the same library.") var seed: UInt64 = 1
    @Option(help: "The folder to fill: it must be missing or empty, unless --replace.") var output: String
    @Flag(help: "Remove the output folder first.") var replace = false
    @Option(help: "Albums the CDs.m3u8 playlist names.") var playlistAlbums = 20
    @Option(help: "Files written at once (default: the number of cores).") var jobs: Int?
    @Option(help: ArgumentHelp("The template files.", valueName: "folder")) var templates = defaultTemplates
    @Option(help: ArgumentHelp("Also write the summary, as JSON, to this file.", valueName: "file"))
    var summary: String?

    func validate() throws {
        if albums < 1 { throw ValidationError("--albums must be at least 1.") }
        if playlistAlbums < 0 { throw ValidationError("--playlist-albums cannot be negative.") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
    }

    func run() throws {
        do throws(GeneratorError) {
            try generate()
        } catch {
            FileHandle.standardError.write(Data("cdwally-libgen: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func generate() throws(GeneratorError) {
        let started = Date()
        let writer = try LibraryWriter(
            root: output, templatesFolder: templates,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        try prepareOutput()
        var planner = LibraryPlanner(seed: seed)
        var plans = planner.plan(albums: albums)
        if shape == .realWorld {
            var reshaper = RealWorldShape(seed: seed)
            plans = reshaper.reshape(plans)
        }
        let entries = WalletPlaylist.pick(from: plans, count: playlistAlbums, seed: seed)
        let total = plans.count
        let showProgress = isatty(STDERR_FILENO) == 1
        try writer.write(plans, playlist: WalletPlaylist.text(entries)) { done in
            guard showProgress, done % 50 == 0 || done == total else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[Kwriting albums: \(done)/\(total)".utf8))
            if done == total { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
        let report = LibrarySummary(
            seed: seed, shape: shape.rawValue, root: output, albums: plans, playlist: entries,
            seconds: Date().timeIntervalSince(started)
        ).json.serialized()
        print(report)
        if let summary {
            try FileBytes.store(Array((report + "\n").utf8), at: summary)
        }
    }

    /// Makes `output` an empty folder, removing what is there only with --replace.
    private func prepareOutput() throws(GeneratorError) {
        let manager = FileManager.default
        if let contents = try? manager.contentsOfDirectory(atPath: output), !contents.isEmpty {
            guard replace else { throw .outputNotEmpty(path: output) }
            do { try manager.removeItem(atPath: output) } catch {
                throw .cannotCreate(path: output, reason: (error as NSError).localizedDescription)
            }
        }
        do { try manager.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
            throw .cannotCreate(path: output, reason: (error as NSError).localizedDescription)
        }
    }
}
