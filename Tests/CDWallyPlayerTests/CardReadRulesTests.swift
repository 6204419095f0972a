import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary
import Testing

/// What a card read does (docs/PRODUCT.md §11), from scripted sequences on a clock the test
/// moves: no reader and no player.
@Suite struct CardReadRulesTests {
    private let start = ContinuousClock.now
    private let post = AlbumID(rawValue: "post")
    private let takk = AlbumID(rawValue: "takk")

    private func card(_ text: String) -> CardNumber { CardNumber(text)! }

    @Test func aReaderThatRepeatsACardWhileItLiesThereCountsItOnce() {
        var rules = CardReadRules()
        // A reader retyping the card every 0.8 s for 10 s: only the first read counts.
        let reads = stride(from: 0.0, through: 10, by: 0.8).map {
            rules.counts(card("42"), at: start + .seconds($0))
        }
        #expect(reads.first == true)
        #expect(reads.dropFirst().allSatisfy { !$0 })
        // Lifted, then put back 2 s after its last repeat (at 9.6 s): it counts again.
        let early = rules.counts(card("42"), at: start + .seconds(11.5))
        #expect(!early)
        let back = rules.counts(card("42"), at: start + .seconds(13.6))
        #expect(back)
    }

    @Test func anotherCardInBetweenMakesTheSameCardCount() {
        var rules = CardReadRules()
        // Leading zeros make another card; hex letters are one card whatever their case.
        let script: [(String, Duration, Bool)] = [
            ("42", .zero, true), ("43", .milliseconds(500), true), ("42", .seconds(1), true),
            ("042", .milliseconds(1100), true), ("0a1", .milliseconds(1200), true),
            ("0A1", .milliseconds(1300), false),
        ]
        let counted = script.map { rules.counts(card($0.0), at: start + $0.1) }
        #expect(counted == script.map(\.2))
    }

    @Test func aCardPlaysItsAlbumAndTheSameCardAgainDoesWhatCardAgainSays() {
        let playing = CardReadRules.Situation(album: post, current: post)
        #expect(CardReadRules().decide(card("1"), in: .init(album: post, current: takk)) == .play(post))
        #expect(CardReadRules().decide(card("1"), in: .init(album: post)) == .play(post))
        #expect(CardReadRules().decide(card("1"), in: playing) == .again(.toggle))
        #expect(CardReadRules(again: .restart).decide(card("1"), in: playing) == .again(.restart))
        #expect(CardReadRules(again: .ignore).decide(card("1"), in: playing) == .again(.ignore))
    }

    @Test func anUnknownCardAndACardWhileTheLibraryIsMissingPlayNothing() {
        let rules = CardReadRules(commands: [card("99"): .stop])
        #expect(rules.decide(card("7"), in: .init(current: post)) == .unknown)
        #expect(rules.decide(card("7"), in: .init(libraryMissing: true)) == .libraryMissing)
        #expect(rules.decide(card("1"), in: .init(libraryMissing: true, album: post)) == .libraryMissing)
        #expect(rules.decide(card("99"), in: .init(libraryMissing: true)) == .libraryMissing)
    }

    @Test func aCommandCardWinsOverACardLineWithItsNumber() {
        let rules = CardReadRules(commands: [card("1234"): .stop, card("99"): .randomDisc])
        #expect(rules.decide(card("1234"), in: .init(album: post, current: post)) == .command(.stop))
        #expect(rules.decide(card("99"), in: .init()) == .command(.randomDisc))
    }

    @Test func aCommandCardIsAVerbInTheWordsOfItsCommand() throws {
        #expect(try PlayerVerb.command(words: "stop") == .stop)
        #expect(try PlayerVerb.command(words: "disc random") == .randomDisc)
        #expect(try PlayerVerb.command(words: "disc 3") == .play(disc: 3, fromStart: false))
        #expect(try PlayerVerb.command(words: "sleep 30") == .sleep(SleepRequest(text: "30")!))
        #expect(try PlayerVerb.command(words: "volume +5") == .volume(.by(5)))
        #expect(try PlayerVerb.command(words: "seek -10") == .seek(.relative(-10)))
        // As `cdwally seek` reads it: a place as minutes and seconds too.
        #expect(try PlayerVerb.command(words: "seek 1:30") == .seek(.absolute(90)))
        #expect(try PlayerVerb.command(words: "seek +1:00") == .seek(.relative(60)))
        #expect(throws: PlayerVerbError.self) { try PlayerVerb.command(words: "seek 1:99") }
        #expect(try PlayerVerb.command(words: "shuffle on") == .shuffle(true))
        #expect(try PlayerVerb.command(words: "shuffle") == .shuffle(nil))
        #expect(try PlayerVerb.command(words: "  next  ") == .next)
        #expect(try PlayerVerb.command(words: "prev") == .previous)
        #expect(throws: PlayerVerbError.self) { try PlayerVerb.command(words: "dance") }
        #expect(throws: PlayerVerbError.self) { try PlayerVerb.command(words: "stop now") }
        #expect(throws: PlayerVerbError.self) { try PlayerVerb.command(words: "disc sideways") }
        #expect(throws: PlayerVerbError.self) { try PlayerVerb.command(words: "sleep 30 40") }
        #expect(throws: PlayerVerbError.self) { try PlayerVerb.command(words: "") }
        #expect(throws: PlayerVerbError.self) { try PlayerVerb.command(words: "track") }
    }

    @Test func everyVerbThatTakesAValueTakesItInWords() {
        // A verb added to the registry with fields must be given its word here too.
        for verb in PlayerVerb.table where verb.plainCommand == nil {
            let sample = [
                "seek": "+10", "disc": "2", "play": "2", "track": "2", "volume": "40", "sleep": "30m",
                "shuffle": "off",
            ][verb.name]
            #expect(sample != nil, "\(verb.name)")
            if let sample {
                #expect((try? PlayerVerb.command(words: "\(verb.name) \(sample)")) != nil, "\(verb.name)")
            }
        }
    }
}
