import CDWallyCore
import CDWallySystem
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// The listening memory on real files in a temporary folder: what is kept, the bound, what a
/// kill leaves, and damaged files.
@Suite struct ListeningLogTests {
    private let first = AlbumID(identityKey: "artist\u{1F}first")
    private let second = AlbumID(identityKey: "artist\u{1F}second")
    private let monday = Date(timeIntervalSince1970: 1_795_000_000)

    private func listen(
        _ disc: AlbumID, hoursLater hours: Double = 0, seconds: Double = 600, finished: Bool = false
    )
        -> Listen
    {
        Listen(
            disc: disc, artist: "Artist", title: disc == first ? "First" : "Second",
            start: monday.addingTimeInterval(hours * 3600), seconds: seconds, finished: finished)
    }

    @Test func keepsListensAndReadsThemBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path.appending("state")
        let log = ListeningLog(directory: state)
        #expect(log.history.isEmpty && log.problems.isEmpty)
        log.end(listen(second, hoursLater: 2, seconds: 1800, finished: true)) { Issue.record("\($0)") }
        log.end(listen(first, seconds: 45)) { Issue.record("\($0)") }
        log.flush()

        let reread = ListeningLog(directory: state)
        #expect(reread.problems.isEmpty)
        #expect(
            reread.history.listens == [
                listen(first, seconds: 45), listen(second, hoursLater: 2, seconds: 1800, finished: true),
            ])
        #expect(reread.history.totals[second]?.finished == 1)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: directory.file("state/listens.json")))
                as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let listens = try #require(object["listens"] as? [[String: Any]])
        #expect(listens.first?["disc"] as? String == first.rawValue)
        #expect(listens.last?["seconds"] as? Double == 1800)
        #expect(listens.last?["finished"] as? Bool == true)
    }

    /// Listens an older cdwally filed under an album's identity alone move, once, to the id
    /// that takes its folder too; an id that has listens of its own keeps them as they are.
    @Test func listensUnderAnOlderIDMoveToTheAlbumsID() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let older = ListeningLog(directory: directory.path, access: .writing)
        older.end(listen(first, seconds: 600)) { Issue.record("\($0)") }
        older.end(listen(second, hoursLater: 1, seconds: 700)) { Issue.record("\($0)") }
        older.flush()
        let album = Album(
            id: AlbumID(identityKey: "artist\u{1F}first", folder: "Artist/First"),
            identityKey: "artist\u{1F}first",
            albumArtist: "Artist", title: "First", tracks: [], directories: [])
        #expect(album.olderID == first)
        let log = ListeningLog(directory: directory.path, access: .writing)
        try log.adoptOlderIDs(of: [album])
        #expect(log.history.totals[album.id]?.seconds == 600)
        #expect(log.history.totals[first] == nil)
        #expect(log.history.totals[second]?.seconds == 700)
        let reread = ListeningLog(directory: directory.path)
        #expect(reread.history.totals[album.id]?.listens == 1)
        // A second time finds nothing to move, and writes nothing.
        let stamp = FileStatus.of(directory.path.appending("listens.json"))
        try log.adoptOlderIDs(of: [album])
        #expect(FileStatus.of(directory.path.appending("listens.json")) == stamp)
    }

    @Test func aGlanceIsNotKeptButAFinishedDiscIs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let log = ListeningLog(directory: directory.path)
        log.end(listen(first, seconds: Listen.minimumSeconds - 1)) { Issue.record("\($0)") }
        log.end(listen(second, seconds: 5, finished: true)) { Issue.record("\($0)") }
        // Skipped through to its end with `next`: not half of the disc heard.
        log.end(listen(first, hoursLater: 1, seconds: 25, finished: true), discSeconds: 2400) {
            Issue.record("\($0)")
        }
        log.end(listen(second, hoursLater: 2, seconds: 7, finished: true), discSeconds: 12) {
            Issue.record("\($0)")
        }
        log.flush()
        #expect(ListeningLog(directory: directory.path).history.listens.map(\.seconds) == [5, 7])
    }

    @Test func oldListensAreCompactedIntoPerDiscTotals() {
        var history = ListeningHistory()
        for hour in 0..<5 {
            history.add(
                listen(
                    hour % 2 == 0 ? first : second, hoursLater: Double(hour), seconds: 100,
                    finished: hour == 0), detailLimit: 3)
        }
        // The same listen again (a power cut's leftover) changes nothing.
        history.add(listen(first, hoursLater: 4, seconds: 100), detailLimit: 3)
        #expect(history.listens.count == 3)
        #expect(
            history.listens.map(\.start) == [2, 3, 4].map { monday.addingTimeInterval(Double($0) * 3600) })
        #expect(
            history.earlier[first]
                == DiscTotals(
                    disc: first, artist: "Artist", title: "First", listens: 1, finished: 1, seconds: 100,
                    last: monday))
        #expect(history.earlier[second]?.listens == 1)
        // The totals of all time count the compacted listens and the detailed ones.
        #expect(history.totals[first]?.listens == 3)
        #expect(history.totals[first]?.seconds == 300)
        #expect(history.totals[first]?.last == monday.addingTimeInterval(4 * 3600))

        history.compact(detailLimit: 3, earlierLimit: 1)
        #expect(Array(history.earlier.keys) == [second])
    }

    @Test func aKilledPlayerLeavesItsListenInProgressWhichTheNextOneFoldsInOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let playing = ListeningLog(directory: directory.path)
        playing.keep(inProgress: listen(first, seconds: 40)) { Issue.record("\($0)") }
        playing.flush()
        // The player is killed here: nothing more is written.

        let reader = ListeningLog(directory: directory.path)
        #expect(reader.history.listens == [listen(first, seconds: 40)])
        #expect(!FileManager.default.fileExists(atPath: directory.file("listens.json").path))

        let next = ListeningLog(directory: directory.path)
        next.recoverInterrupted { Issue.record("\($0)") }
        next.flush()
        #expect(!FileManager.default.fileExists(atPath: directory.file("listening-now.json").path))
        let after = ListeningLog(directory: directory.path)
        #expect(after.history.listens == [listen(first, seconds: 40)])
    }

    @Test func anEndedListenIsCountedOnceWithItsLastLength() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let log = ListeningLog(directory: directory.path)
        log.keep(inProgress: listen(first, seconds: 35)) { Issue.record("\($0)") }
        log.flush()
        log.keep(inProgress: listen(first, seconds: 50)) { Issue.record("\($0)") }
        log.end(listen(first, seconds: 52, finished: true)) { Issue.record("\($0)") }
        log.flush()
        #expect(!FileManager.default.fileExists(atPath: directory.file("listening-now.json").path))
        #expect(
            ListeningLog(directory: directory.path).history.listens == [
                listen(first, seconds: 52, finished: true)
            ])
    }

    @Test(arguments: [
        ("{\"version\": 1, \"listens\": [{\"disc\": \"ab", "cut short or not JSON"),
        ("", "the file is empty"),
        ("{\"version\": 0, \"listens\": [], \"earlier\": []}", "format version 0, this cdwally reads 1"),
        ("{\"version\": 1, \"listens\": [{\"disc\": 3}], \"earlier\": []}", "damaged"),
    ])
    func aDamagedLogIsSetAsideWithOneLineAndTheMemoryStartsAfresh(content: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data(content.utf8).write(to: directory.file("listens.json"))
        let log = ListeningLog(directory: directory.path, access: .writing)
        #expect(log.history.isEmpty)
        let problem = try #require(log.problems.first)
        #expect(log.problems.count == 1)
        guard case .listeningLogSetAside(let file, let aside, let said) = problem else {
            Issue.record("not set aside: \(problem)")
            return
        }
        #expect(file.hasSuffix("/listens.json") && aside.hasSuffix("/listens.json.damaged"))
        #expect(said.hasPrefix(reason))
        #expect(problem.description.contains("set aside the listening history"))
        #expect(try String(contentsOf: directory.file("listens.json.damaged"), encoding: .utf8) == content)

        log.end(listen(first, seconds: 60)) { Issue.record("\($0)") }
        log.flush()
        let reread = ListeningLog(directory: directory.path)
        #expect(reread.problems.isEmpty)
        #expect(reread.history.listens == [listen(first, seconds: 60)])
    }

    /// A writer never renames over a file set aside before: the next free number.
    @Test func damagedFilesAreSetAsideUnderNumberedNamesNeverOverwritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let earlier = ["listens.json.damaged": "first", "listens.json.damaged.1": "second"]
        for (name, content) in earlier { try Data(content.utf8).write(to: directory.file(name)) }
        for (round, expected) in ["listens.json.damaged.2", "listens.json.damaged.3"].enumerated() {
            try Data("cut \(round)".utf8).write(to: directory.file("listens.json"))
            let log = ListeningLog(directory: directory.path, access: .writing)
            guard case .listeningLogSetAside(_, let aside, _) = log.problems.first else {
                Issue.record("not set aside: \(log.problems)")
                return
            }
            #expect(aside == directory.child(expected).display)
            #expect(try String(contentsOf: directory.file(expected), encoding: .utf8) == "cut \(round)")
        }
        for (name, content) in earlier {
            #expect(try String(contentsOf: directory.file(name), encoding: .utf8) == content)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("listens.json").path))
    }

    /// `stats`, `discs` and the web's GETs read without moving anything: a damaged file is one
    /// line and counts as none, and stays where it is, the listen in progress's too.
    @Test func aReaderLeavesADamagedFileWhereItIs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data("{\"version\": 1, \"listens\": [".utf8).write(to: directory.file("listens.json"))
        try Data("garbage".utf8).write(to: directory.file("listening-now.json"))
        let reader = ListeningLog(directory: directory.path, access: .reading)
        #expect(reader.history.isEmpty && reader.refusal == nil)
        #expect(reader.problems.count == 2)
        for problem in reader.problems {
            guard case .listeningLogUnreadable = problem else {
                Issue.record("\(problem)")
                continue
            }
            #expect(problem.description.contains("it is left as it is"))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path.display).sorted()
        #expect(names == ["listening-now.json", "listens.json"])
        // A write through it still never replaces the damaged file: that is set aside first.
        let damaged = try Data(contentsOf: directory.file("listens.json"))
        reader.end(listen(first, seconds: 60)) { Issue.record("\($0)") }
        reader.flush()
        #expect(try Data(contentsOf: directory.file("listens.json.damaged")) == damaged)
        #expect(ListeningLog(directory: directory.path).history.listens == [listen(first, seconds: 60)])
    }

    @Test func forgetErasesOneDiscAndForgetAllEverything() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let log = ListeningLog(directory: directory.path)
        log.end(listen(first)) { Issue.record("\($0)") }
        log.end(listen(second, hoursLater: 1)) { Issue.record("\($0)") }
        log.flush()

        // Another process (`stats --forget`) erases one disc; the player's next write keeps that.
        try ListeningLog(directory: directory.path).forget(first)
        log.end(listen(second, hoursLater: 2)) { Issue.record("\($0)") }
        log.flush()
        #expect(ListeningLog(directory: directory.path).history.listens.map(\.disc) == [second, second])

        log.keep(inProgress: listen(first, hoursLater: 3, seconds: 40)) { Issue.record("\($0)") }
        log.flush()
        try ListeningLog(directory: directory.path).forgetAll()
        #expect(ListeningLog(directory: directory.path).history.isEmpty)
    }
}
