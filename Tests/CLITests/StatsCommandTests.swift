import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// `cdwally stats` and the listening memory through the real binary: a scripted week of
/// listens written by the real writer, erasing, a damaged log, and `disc random` on a
/// running player that weighs the memory.
@Suite struct StatsCommandTests {
    private let library = CLI.repository + "/Examples/Library"
    private let day = 86_400.0

    /// The discs of the example library, in wallet order, and its state folder.
    private func prepare(_ cli: CLI) async throws -> (discs: [(id: AlbumID, title: String)], folder: String) {
        let listed = try await cli.json(["discs", "--library", library])
        let discs = try #require(listed["discs"] as? [[String: Any]]).map {
            (id: AlbumID(rawValue: $0["id"] as? String ?? ""), title: $0["album"] as? String ?? "")
        }
        return (discs, try libraryStateFolder(under: cli.home + "/state/cdwally"))
    }

    private func write(_ listens: [Listen], to folder: String) {
        let log = ListeningLog(directory: RawPath(folder))
        for listen in listens { log.end(listen) { Issue.record("\($0)") } }
        log.flush()
    }

    /// Monday 00:00 UTC of this week, and the first of this month, by plain arithmetic.
    private func weekAndMonthStart(_ now: Date) -> (Date, Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let sinceMonday = (calendar.component(.weekday, from: now) + 5) % 7
        let week = calendar.startOfDay(for: now).addingTimeInterval(-Double(sinceMonday) * day)
        let month = calendar.date(from: calendar.dateComponents([.year, .month], from: now))!
        return (week, month)
    }

    @Test func aScriptedWeekOfListensGivesItsNumbers() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let (discs, folder) = try await prepare(cli)
        let now = Date()
        let (weekStart, monthStart) = weekAndMonthStart(now)
        func listen(_ disc: Int, at start: Date, seconds: Double, finished: Bool) -> Listen {
            Listen(
                disc: discs[disc - 1].id, artist: "Artist", title: discs[disc - 1].title, start: start,
                seconds: seconds, finished: finished)
        }
        // Last week, Monday to Sunday at noon: disc 1, 2, 3, 1, 2, 3, 1; Saturday's is long.
        let lastWeek = (0..<7).map { (offset: Int) -> Listen in
            let noon: TimeInterval = (Double(offset) - 7) * day + 12 * 3600
            let seconds: Double = offset == 5 ? 7200 : 600
            return listen(
                offset % 3 + 1, at: weekStart.addingTimeInterval(noon), seconds: seconds,
                finished: offset % 2 == 0)
        }
        // This week, just after Monday began: disc 1 twice. And disc 2 over a year ago, on a
        // Monday too (400 days before a Sunday was a Saturday: the weekdays' figure then
        // failed every Sunday).
        let thisWeek = [
            listen(1, at: weekStart.addingTimeInterval(60), seconds: 1200, finished: true),
            listen(1, at: weekStart.addingTimeInterval(120), seconds: 1200, finished: false),
        ]
        let old = listen(
            2, at: weekStart.addingTimeInterval(-57 * 7 * day + 12 * 3600), seconds: 1800, finished: true)
        let all = lastWeek + thisWeek + [old]
        write(all, to: folder)

        let result = try await cli.run(
            ["stats", "--json", "--library", library], extraEnvironment: ["TZ": "UTC"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let stats = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let week = try #require(stats["week"] as? [String: Any])
        #expect(
            week["listens"] as? Int == 2 && week["finished"] as? Int == 1
                && week["seconds"] as? Double == 2400)
        #expect(week["since"] as? String == ISO8601DateFormatter().string(from: weekStart))
        let inMonth = all.filter { $0.start >= monthStart }
        let month = try #require(stats["month"] as? [String: Any])
        #expect(month["listens"] as? Int == inMonth.count)
        #expect(month["seconds"] as? Double == inMonth.reduce(0) { $0 + $1.seconds })
        let allTime = try #require(stats["allTime"] as? [String: Any])
        #expect(allTime["listens"] as? Int == 10 && allTime["finished"] as? Int == 6)
        let heard: Double = all.reduce(0) { $0 + $1.seconds }
        #expect(heard == 15000)
        #expect(allTime["seconds"] as? Double == heard)

        let most = try #require(stats["mostPlayed"] as? [[String: Any]])
        #expect(most.first?["position"] as? Int == 1 && most.first?["listens"] as? Int == 5)
        #expect(most.map { $0["position"] as? Int } == [1, 2, 3])
        // Disc 2 was last heard on Friday, disc 3 on Saturday, disc 1 this week.
        let unplayed = try #require(stats["longestUnplayed"] as? [[String: Any]])
        #expect(unplayed.map { $0["position"] as? Int } == [2, 3, 1])
        #expect(stats["favouriteWeekday"] as? String == "Saturday")
        let weekdays = try #require(stats["weekdays"] as? [[String: Any]])
        #expect(weekdays.map { $0["day"] as? String } == ListeningStats.weekdayNames)
        #expect(weekdays[5]["seconds"] as? Double == 7200)
        #expect(stats["log"] as? String == folder + "/listens.json")

        let text = try await cli.run(["stats", "--library", library], extraEnvironment: ["TZ": "UTC"])
        #expect(text.status == 0)
        let thisWeekLine = text.stdout.split(separator: "\n").first { $0.hasPrefix("This week") }
        #expect(thisWeekLine?.contains("0 h 40 min") == true, "\(text.stdout)")
        #expect(text.stdout.contains("You play most on Saturdays (2 h "), "\(text.stdout)")
        #expect(text.stdout.contains("Not played for longest"))
    }

    @Test func forgetErasesOneDiscOrEverythingAndRefusesWhatItCannotFind() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let (discs, folder) = try await prepare(cli)
        write(
            discs.enumerated().map { offset, disc in
                Listen(
                    disc: disc.id, artist: "Artist", title: disc.title,
                    start: Date().addingTimeInterval(-Double(offset) * day),
                    seconds: 900, finished: true)
            }, to: folder)

        let forgot = try await cli.run(["stats", "--forget", "1", "--library", library])
        #expect(
            forgot.status == 0 && forgot.stdout.contains("Forgot the listening history of disc 1"),
            "\(forgot.stderr)")
        let byID = try await cli.run(["stats", "--forget", discs[2].id.rawValue, "--library", library])
        #expect(byID.status == 0, "\(byID.stderr)")
        let left = try #require(
            try await cli.json(["stats", "--library", library])["mostPlayed"] as? [[String: Any]])
        #expect(left.map { $0["position"] as? Int } == [2])

        for arguments in [
            ["--forget", "9"], ["--forget", "nosuchdisc"], ["--forget", "1", "--forget-all"],
        ] {
            let refused = try await cli.run(["stats"] + arguments + ["--library", library])
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.hasPrefix("cdwally: ") && refused.stderr.filter { $0 == "\n" }.count == 1)
        }

        #expect(try await cli.run(["stats", "--forget-all", "--library", library]).status == 0)
        let none = try await cli.json(["stats", "--library", library])
        #expect((none["allTime"] as? [String: Any])?["listens"] as? Int == 0)
        #expect(
            (none["longestUnplayed"] as? [[String: Any]])?.allSatisfy { $0["lastPlayed"] is NSNull } == true)
    }

    /// `stats` and `discs` only read: a damaged log is one line and counts as none, and stays
    /// where it is, as every state file does. A command that writes the log (`--forget-all`,
    /// as the player) sets it aside, under the next free number.
    @Test func aDamagedLogIsOneLineLeftWhereItIsAndSetAsideNumberedByAWriter() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let (_, folder) = try await prepare(cli)
        let files = [
            "listens.json": "{\"version\": 1, \"listens\": [{\"disc", "listening-now.json": "{",
            "listens.json.damaged": "set aside before", "resume.json": "[]",
        ]
        for (name, content) in files {
            try Data(content.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let before = try StateFolderSnapshot(folder)
        let line =
            "cdwally: could not read the listening history \(folder)/listens.json (cut short or not JSON); "
            + "it is left as it is"
        for command in [["stats"], ["stats", "--json"], ["discs", "--played"], ["discs", "--json"]] {
            let result = try await cli.run(command + ["--library", library])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            if command != ["discs", "--json"] {
                let lines = result.stderr.split(separator: "\n").map(String.init)
                #expect(lines.first == line && lines.count == 2, "\(command): \(result.stderr)")
            }
        }
        #expect(try StateFolderSnapshot(folder) == before)

        let forgot = try await cli.run(["stats", "--forget-all", "--library", library])
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(
            forgot.stderr.contains(
                "set aside the listening history \(folder)/listens.json as \(folder)/listens.json.damaged.1 "
                    + "(cut short or not JSON); it starts afresh"),
            "\(forgot.stderr)")
        #expect(
            try String(contentsOfFile: folder + "/listens.json.damaged", encoding: .utf8)
                == "set aside before")
        let second = try await cli.run(["stats", "--library", library])
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
    }

    /// A newer cdwally's files (a downgrade): refused in one line naming the version, exit 65,
    /// and never moved or replaced, not even by `--forget-all`.
    @Test func aNewerFormatIsRefusedWithItsVersionAndNeverMoved() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let (_, folder) = try await prepare(cli)
        try Data("{\"version\": 2, \"listens\": {}}".utf8).write(
            to: URL(fileURLWithPath: folder + "/listens.json"))
        let before = try StateFolderSnapshot(folder)
        let refusal =
            "cdwally: \(folder)/listens.json is format version 2, from a newer cdwally; this one reads "
            + "version 1 and leaves the file as it is (upgrade cdwally, or move the file away)\n"
        for command in [["stats"], ["stats", "--json"], ["stats", "--forget-all"], ["discs", "--played"]] {
            let result = try await cli.run(command + ["--library", library])
            #expect(
                result.status == 65 && result.stderr == refusal,
                "\(command): \(result.status) \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try await cli.run(["discs", "--library", library]).status == 0)
        #expect(try StateFolderSnapshot(folder) == before)

        try FileManager.default.removeItem(atPath: folder + "/listens.json")
        try Data("{\"version\": 4, \"discs\": {}}".utf8).write(
            to: URL(fileURLWithPath: folder + "/resume.json"))
        let discs = try await cli.run(["discs", "--library", library])
        #expect(discs.status == 65, "\(discs.stderr)")
        #expect(
            discs.stderr.hasPrefix("cdwally: \(folder)/resume.json is format version 4, from a newer cdwally")
        )
        #expect(discs.stderr.split(separator: "\n").count == 1)
    }

    /// A listen stamped while the clock ran ahead (a Pi without a clock battery, in 2099 here)
    /// counts in all time only, read by a clock that is right: never this week, never "just
    /// now"; `stats` says so once, on standard error, and `aheadOfClock` in JSON.
    @Test func aListenStampedAheadOfTheClockCountsInAllTimeOnlyAndStatsSaysSo() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let (discs, folder) = try await prepare(cli)
        let future = try #require(ISO8601DateFormatter().date(from: "2099-03-01T20:00:00Z"))
        write(
            [
                Listen(
                    disc: discs[1].id, artist: "Artist", title: discs[1].title, start: future, seconds: 1500,
                    finished: true)
            ],
            to: folder)

        let result = try await cli.run(
            ["stats", "--json", "--library", library], extraEnvironment: ["TZ": "UTC"])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(
            lines.first?.hasPrefix("cdwally: 1 listen is stamped after this machine's clock (") == true,
            "\(result.stderr)")
        let stats = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(stats["aheadOfClock"] as? Int == 1)
        #expect((stats["week"] as? [String: Any])?["listens"] as? Int == 0)
        #expect((stats["month"] as? [String: Any])?["listens"] as? Int == 0)
        #expect((stats["allTime"] as? [String: Any])?["listens"] as? Int == 1)
        #expect(stats["favouriteWeekday"] is NSNull)
        let most = try #require((stats["mostPlayed"] as? [[String: Any]])?.first)
        #expect(most["position"] as? Int == 2 && most["lastPlayed"] is NSNull)

        let text = try await cli.run(["stats", "--library", library], extraEnvironment: ["TZ": "UTC"])
        #expect(text.stderr.split(separator: "\n").count == 1, "\(text.stderr)")
        #expect(!text.stdout.contains("just now"), "\(text.stdout)")
        let row = text.stdout.split(separator: "\n").first { $0.contains(discs[1].title) }
        #expect(row?.hasSuffix("unknown") == true, "\(text.stdout)")
        let played = try await cli.run(["discs", "--played", "--library", library])
        #expect(played.stdout.contains("played 1×, last at an unknown time"), "\(played.stdout)")
        // The file keeps the stamp as it was written.
        #expect(
            try String(contentsOfFile: folder + "/listens.json", encoding: .utf8).contains(
                "2099-03-01T20:00:00Z"))
    }

    @Test func randomOnARunningPlayerSkipsTheDiscsTheMemoryHeardLast() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let (discs, folder) = try await prepare(cli)
        // Only the memory knows discs 2 and 3 were played, 3 last: with disc 1 on, "random,
        // not lately" leaves disc 2 alone to choose (the last one played before is ruled out).
        write(
            [(1, 5.0), (2, 1.0)].map { index, hoursAgo in
                Listen(
                    disc: discs[index].id, artist: "Artist", title: discs[index].title,
                    start: Date().addingTimeInterval(-hoursAgo * 3600), seconds: 900, finished: true)
            }, to: folder)
        let serve = try RunningCommand(cli, ["serve", "--idle", "--library", library, "--mpv", "ao=null"])
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
        #expect((try await cli.json(["disc", "1"])["disc"] as? [String: Any])?["position"] as? Int == 1)
        let picked = try await cli.json(["disc", "random"])
        #expect((picked["disc"] as? [String: Any])?["position"] as? Int == 2)
        serve.signal(SIGTERM)
        #expect(try await serve.wait() == 0)
    }

    @Test func discsPlayedShowsHowOftenAndHowLately() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let (discs, folder) = try await prepare(cli)
        write(
            [5.2, 3.1].map { daysAgo in
                Listen(
                    disc: discs[0].id, artist: "Artist", title: discs[0].title,
                    start: Date().addingTimeInterval(-daysAgo * day), seconds: 900, finished: daysAgo > 4)
            }, to: folder)

        let text = try await cli.run(["discs", "--played", "--library", library])
        #expect(text.status == 0 && text.stderr.isEmpty, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(
            lines.first { $0.hasPrefix("1 ") }?.hasSuffix("played 2×, last 3 days ago") == true,
            "\(text.stdout)")
        #expect(lines.first { $0.hasPrefix("2 ") }?.hasSuffix("never played") == true, "\(text.stdout)")

        let listed = try #require(
            try await cli.json(["discs", "--played", "--library", library])["discs"] as? [[String: Any]])
        let first = try #require(listed[0]["played"] as? [String: Any])
        #expect(first["listens"] as? Int == 2 && first["finished"] as? Int == 1)
        #expect(listed[1]["played"] is NSNull)
        let plain = try #require(
            try await cli.json(["discs", "--library", library])["discs"] as? [[String: Any]])
        #expect(plain[0]["played"] == nil)
        #expect(!(try await cli.run(["discs", "--library", library])).stdout.contains("played"))
    }

    /// A player killed (SIGKILL, as a power cut) in the middle of a listen of a 40-s track
    /// loses only the seconds since its last save: `stats` counts the listen at once, and the
    /// next player folds it into the log, once.
    @Test func aPowerCutInTheMiddleOfAListenLosesOnlyItsLastSeconds() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let library = try TestLibrary()
        for number in 1...2 {
            try library.add(
                "Ann/First/0\(number).flac", template: "long.flac",
                tags: [
                    "TITLE": "First \(number)", "ARTIST": "Ann", "ALBUM": "First", "TRACKNUMBER": "\(number)",
                ])
        }
        try library.playlist("Ann/First/01.flac\n")
        let serve = try RunningCommand(cli, ["serve", "--library", library.root, "--mpv", "ao=null"])
        try await serve.waitUntil("the player to answer") { (try? await cli.run(["status"]))?.status == 0 }
        #expect(try await cli.json(["disc", "1"])["state"] as? String == "playing")
        // Past 36 s the save of 35 s is on disk: more than the 30 s a listen needs to count.
        try await serve.waitUntil(timeout: 60, "36 s heard") {
            (try await cli.json(["status"])["position"] as? Double ?? 0) >= 36
        }
        serve.signal(SIGKILL)
        _ = try await serve.wait()
        let folder = try libraryStateFolder(under: cli.home + "/state/cdwally")
        #expect(!FileManager.default.fileExists(atPath: folder + "/listens.json"))

        let cut = try await cli.json(["stats", "--library", library.root])
        let heard = try #require((cut["allTime"] as? [String: Any])?["seconds"] as? Double)
        #expect((cut["allTime"] as? [String: Any])?["listens"] as? Int == 1)
        #expect((cut["allTime"] as? [String: Any])?["finished"] as? Int == 0)
        #expect(heard >= 30 && heard <= 37, "heard \(heard)")

        let next = try RunningCommand(
            cli, ["serve", "--idle", "--library", library.root, "--mpv", "ao=null"])
        try await next.waitUntil("the next player to answer") {
            (try? await cli.run(["status"]))?.status == 0
        }
        next.signal(SIGTERM)
        #expect(try await next.wait() == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/listening-now.json"))
        let log = ListeningLog(directory: RawPath(folder))
        #expect(
            log.history.listens.count == 1 && abs((log.history.listens.first?.seconds ?? 0) - heard) < 0.01)
        let after = try await cli.json(["stats", "--library", library.root])
        #expect((after["allTime"] as? [String: Any])?["listens"] as? Int == 1)
    }
}
