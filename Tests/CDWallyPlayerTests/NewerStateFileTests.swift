import CDWallyCore
import CDWallySystem
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// A state file written by a newer cdwally (a downgrade, or a folder shared with a newer
/// machine) is not damaged: it is neither read, nor set aside, nor replaced, and saying so
/// names its version.
@Suite struct NewerStateFileTests {
    private let disc = AlbumID(identityKey: "artist\u{1F}album")

    private func listen(seconds: Double = 600) -> Listen {
        Listen(
            disc: disc, artist: "Artist", title: "Album", start: Date(timeIntervalSince1970: 1_795_000_000),
            seconds: seconds, finished: false)
    }

    private func bytes(_ directory: TemporaryDirectory, _ name: String) throws -> Data {
        try Data(contentsOf: directory.file(name))
    }

    @Test func aNewerListeningLogIsRefusedAndNeverWrittenOver() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let newer = Data("{\"version\": 2, \"listens\": {\"a new shape\": true}}".utf8)
        try newer.write(to: directory.file("listens.json"))
        for access in [ListeningLog.Access.reading, .writing] {
            let log = ListeningLog(directory: directory.path, access: access)
            #expect(log.history.isEmpty)
            #expect(
                log.problems == [
                    .newerStateFile(file: directory.child("listens.json").display, version: 2, readable: 1)
                ])
            let refusal = try #require(log.refusal)
            #expect(
                refusal.description
                    == "\(directory.child("listens.json").display) is format version 2, from a newer cdwally; "
                    + "this one reads version 1 and leaves the file as it is (upgrade cdwally, or move the file away)"
            )
        }
        // The player's writes fail with that refusal, once; the file stays as it was.
        let player = ListeningLog(directory: directory.path)
        let reports = LockedValue<[PlayerError]>([])
        player.end(listen()) { error in reports.withLock { $0.append(error) } }
        player.end(listen(seconds: 700)) { error in reports.withLock { $0.append(error) } }
        player.flush()
        #expect(
            reports.current == [
                .newerStateFile(file: directory.child("listens.json").display, version: 2, readable: 1)
            ])
        #expect(throws: PlayerError.self) { try player.forgetAll() }
        #expect(try bytes(directory, "listens.json") == newer)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path.display)
        #expect(!names.contains { $0.contains("damaged") }, "\(names)")
    }

    @Test func aNewerResumeFileIsReportedAndNeverReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let newer = Data("{\"version\": 3, \"discs\": []}".utf8)
        try newer.write(to: directory.file("resume.json"))
        let store = ResumeStore(directory: directory.path)
        #expect(
            store.loadProblem
                == .newerStateFile(file: directory.child("resume.json").display, version: 3, readable: 1))
        store.record(
            DiscResume(
                trackIndex: 2, trackPath: RawPath("/music/02.flac"), position: 12, finished: false,
                lastPlayed: Date()),
            for: disc, playing: true)
        try store.flush()
        #expect(try bytes(directory, "resume.json") == newer)
    }

    @Test func aNewerVolumeFileCountsAsNoneAndIsNeverReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let newer = Data("{\"version\": 2, \"volume\": {\"left\": 40, \"right\": 50}}\n".utf8)
        try newer.write(to: directory.file("volume.json"))
        let volume = UserVolume(folder: directory.path)
        #expect(volume.load() == nil)
        let reports = LockedValue<[PlayerError]>([])
        volume.save(level: 30, muted: false) { error in reports.withLock { $0.append(error) } }
        volume.save(level: 35, muted: true) { error in reports.withLock { $0.append(error) } }
        volume.flush()
        #expect(
            reports.current == [
                .newerStateFile(file: directory.child("volume.json").display, version: 2, readable: 1)
            ])
        #expect(try bytes(directory, "volume.json") == newer)
    }
}
