import CDWallyCore
import CDWallySystem
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// The resume store on real files in a temporary folder.
@Suite struct ResumeStoreTests {
    private let disc = AlbumID(identityKey: "artist\u{1F}album")

    @Test func aMissingFileIsAnEmptyStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = ResumeStore(directory: directory.path.appending("state"))
        #expect(store.loadProblem == nil)
        #expect(store.discs.isEmpty)
        #expect(store.lastDisc == nil)
    }

    /// A write cut before its rename leaves its temporary file beside the state file; the
    /// player that claims the folder next removes it, and leaves a live writer's and every
    /// other file alone.
    @Test func claimingTheFolderSweepsWhatACutLeftOfAWrite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path.appending("state")
        try FileManager.default.createDirectory(atPath: state.display, withIntermediateDirectories: true)
        // A process that has ended: its pid names no live process.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let gone = ended.processIdentifier
        let names = [
            ".resume.json.\(gone).Ab12Cd", ".listens.json.\(gone).zz9Q0a",
            ".listens.json.\(getpid()).Live01", ".hidden", "resume.json", ".notes.txt.\(gone)",
        ]
        for name in names {
            try Data("{}".utf8).write(to: URL(fileURLWithPath: state.appending(name).display))
        }
        let store = ResumeStore(directory: state)
        try store.claimWriting()
        defer { store.releaseWriting() }

        let left = Set(try FileManager.default.contentsOfDirectory(atPath: state.display))
        #expect(!left.contains(names[0]) && !left.contains(names[1]), "\(left)")
        #expect(Set(names.dropFirst(2)).isSubset(of: left), "\(left)")

        // A write of this player's leaves no temporary file.
        store.record(
            DiscResume(
                trackIndex: 1, trackPath: RawPath("/m/1.flac"), position: 3, finished: false,
                lastPlayed: Date()),
            for: disc)
        try store.flush()
        let after = try FileManager.default.contentsOfDirectory(atPath: state.display)
        #expect(!after.contains { $0.hasPrefix(".resume.json.") }, "\(after)")
    }

    @Test func savesAndReadsBackEveryField() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path.appending("state/nested")
        // Latin-1 "é": not UTF-8, so it must survive as bytes.
        let path = RawPath(bytes: Array("/music/caf".utf8) + [0xE9] + Array("/02.flac".utf8))
        let played = Date(timeIntervalSince1970: 1_700_000_000)
        let resume = DiscResume(
            trackIndex: 2, trackPath: path, position: 71.25, finished: false, lastPlayed: played)
        let store = ResumeStore(directory: state)
        store.record(resume, for: disc)
        try store.flush()

        let reread = ResumeStore(directory: state)
        #expect(reread.loadProblem == nil)
        #expect(reread.resume(for: disc) == resume)
        #expect(reread.lastDisc == disc)

        let json = try JSONSerialization.jsonObject(
            with: Data(contentsOf: directory.file("state/nested/resume.json")))
        let object = try #require(json as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let entries = try #require(object["discs"] as? [String: [String: Any]])
        #expect(entries[disc.rawValue]?["track"] as? Int == 2)
        #expect(entries[disc.rawValue]?["position"] as? Double == 71.25)
        #expect(entries[disc.rawValue]?["path"] as? String == "/music/caf\u{FFFD}/02.flac")
    }

    @Test func leavesNoTemporaryFilesBehind() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = ResumeStore(directory: directory.path)
        for second in 0..<20 {
            store.record(
                DiscResume(
                    trackIndex: 1, trackPath: RawPath("/a.flac"), position: Double(second), finished: false,
                    lastPlayed: Date()),
                for: disc)
            store.save { _ in }
        }
        try store.flush()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(names == ["resume.json"])
        #expect(ResumeStore(directory: directory.path).resume(for: disc)?.position == 19)
    }

    @Test func reportsAFolderItCannotWriteOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A file where the folder should be: no permission trick needed, so it fails as root too.
        try Data("x".utf8).write(to: directory.file("blocked"))
        let store = ResumeStore(directory: directory.path.appending("blocked"))
        let reports = LockedValue<[PlayerError]>([])
        for _ in 0..<3 {
            store.record(
                DiscResume(
                    trackIndex: 1, trackPath: RawPath("/a.flac"), position: 1, finished: false,
                    lastPlayed: Date()),
                for: disc)
            store.save { error in reports.withLock { $0.append(error) } }
            #expect(throws: PlayerError.self) { try store.flush() }
            store.flush { error in reports.withLock { $0.append(error) } }
        }
        #expect(reports.current.count == 1)
        guard case .resumeStateNotSaved(let file, _) = reports.current.first else {
            Issue.record("expected resumeStateNotSaved, got \(reports.current)")
            return
        }
        #expect(file == directory.path.appending("blocked/resume.json").display)
    }

    @Test func onlyTheHolderOfTheFolderWritesIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let place = { (seconds: Double) in
            DiscResume(
                trackIndex: 1, trackPath: RawPath("/a.flac"), position: seconds, finished: false,
                lastPlayed: Date())
        }
        let first = ResumeStore(directory: directory.path)
        try first.claimWriting()
        first.record(place(40), for: disc)
        try first.flush()

        // A stale copy, as a second player that got past the one-player rule would hold.
        let stale = ResumeStore(directory: directory.path)
        #expect(throws: PlayerError.stateInUse(folder: directory.path.display)) { try stale.claimWriting() }
        stale.record(place(1), for: disc)
        #expect(throws: PlayerError.stateInUse(folder: directory.path.display)) { try stale.flush() }
        #expect(ResumeStore(directory: directory.path).resume(for: disc)?.position == 40)

        // A player's configuration on that folder does not even start.
        #expect(throws: PlayerError.stateInUse(folder: directory.path.display)) {
            _ = try Player(
                configuration: PlayerConfiguration(
                    stateDirectory: directory.path, mpvOptions: [("ao", "null")]),
                wallet: Wallet(discs: [], total: 0, capacity: 20))
        }

        // Once the holder lets go (its shutdown), the next one may write.
        first.releaseWriting()
        try stale.flush()
        #expect(ResumeStore(directory: directory.path).resume(for: disc)?.position == 1)
        stale.releaseWriting()
    }

    @Test func resumePointMatchesThePathFirstThenTheIndex() {
        let tracks = (1...3).map { (number: Int) in
            AlbumTrack(
                path: RawPath("/m/0\(number).flac"), disc: 1, track: number, title: "\(number)", artist: "a",
                duration: 60)
        }
        let album = Album(
            id: disc, albumArtist: "a", title: "t", tracks: tracks, directories: [RawPath("/m")])
        func point(_ index: Int, _ path: String, finished: Bool = false) -> ResumePoint {
            DiscResume(
                trackIndex: index, trackPath: RawPath(path), position: 12, finished: finished,
                lastPlayed: Date()
            )
            .resumePoint(in: album)
        }
        #expect(point(1, "/m/03.flac") == ResumePoint(track: 3, position: 12))
        #expect(point(2, "/m/renamed.flac") == ResumePoint(track: 2, position: 12))
        #expect(point(7, "/m/renamed.flac") == .start)
        #expect(point(2, "/m/02.flac", finished: true) == .start)
    }
}
