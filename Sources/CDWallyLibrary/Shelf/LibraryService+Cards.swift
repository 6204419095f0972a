import CDWallyCore
import CDWallySystem

/// Cards: `#CDWALLY-CARD:` lines of the CDs playlist that say which album a card reader's
/// number plays (docs/PRODUCT.md §11). Listed, given and forgotten here; every write goes
/// through `UserFileEdit`, as `add` and `remove` do.
extension LibraryService {
    /// A card as the playlist gives it, and where it leads now.
    public struct CardInfo: Sendable {
        public var number: CardNumber
        public var label: String
        /// The card line's number in the playlist.
        public var line: Int
        /// The disc its entry leads to; nil when its entry leads nowhere (unavailable, or to
        /// several discs) or no entry follows it.
        public var disc: Album?
        /// Its place in the wallet as shown; nil when hidden past the capacity or not a disc.
        public var position: Int?
        /// False when the label no longer names the disc below it (a hand edit): `doctor` says so.
        public var labelMatches: Bool
    }

    public struct CardList: Sendable {
        public var playlist: RawPath?
        public var cards: [CardInfo]
        /// Lines giving a number already given above: they count for nothing.
        public var repeated: [PlaylistCards.Card]
        public var bad: [PlaylistCards.BadLine]
    }

    /// What `card assign` or `card forget` did.
    public struct CardChange: Sendable {
        public var playlist: RawPath
        public var written: Bool
        /// The cards given or forgotten, with the disc they lead (or led) to.
        public var cards: [(number: CardNumber, disc: String?)]
        /// `assign`: the disc the card led to before it moved; nil for a new number.
        public var movedFrom: String?
        /// `assign`: the album was put into the wallet to take the card.
        public var addedToWallet = false
        public var disc: Album?
        public var position: Int?
    }

    /// The label a card line carries for `disc`.
    public static func cardLabel(_ disc: Album) -> String { "\(disc.albumArtist) — \(disc.title)" }

    /// The cards of the CDs playlist, in the playlist's order.
    public func cards(playlist given: RawPath?, capacity: Int) throws -> CardList {
        let report = try wallet(playlist: given, capacity: capacity, wholeTree: false)
        guard let playlist = report.choice.chosen else {
            return CardList(playlist: nil, cards: [], repeated: [], bad: [])
        }
        let bytes = try PlaylistFile.contents(of: playlist)
        let isM3U8 = playlist.fileExtension == "m3u8"
        let reading = PlaylistCards.read(bytes, isM3U8: isM3U8)
        let leads = try discsOfEntries(in: bytes, playlist: playlist)
        let cards = reading.cards.map { card in
            let disc = card.entryLine.flatMap { leads.only($0) }
            return CardInfo(
                number: card.number, label: card.label, line: card.line, disc: disc,
                position: disc.flatMap { report.wallet.position(of: $0.id) },
                labelMatches: disc.map { Self.labelMatches(card.label, $0) } ?? true)
        }
        return CardList(playlist: playlist, cards: cards, repeated: reading.repeated, bad: reading.bad)
    }

    /// Gives card `number` to `album`. An album not in the wallet is put into it first, in the
    /// same write, unless the wallet is full (capacity). A number given elsewhere moves. An
    /// album reached only through a line that leads to other albums too is refused, as `remove`
    /// refuses it.
    public func assignCard(
        _ number: CardNumber, to album: AlbumSummary, playlist given: RawPath?, capacity: Int, state: RawPath
    ) throws -> CardChange {
        let before = try wallet(playlist: given, capacity: 0, wholeTree: false)
        let playlist = before.choice.chosen ?? root.appending("CDs.m3u8")
        let discs = before.wallet.discs
        let present = WalletBuilder.disc(for: album.standIn, among: discs)
        if present == nil, capacity > 0, discs.count >= capacity {
            throw CardError.walletFull(
                album: "\(album.albumArtist) — \(album.title)", discs: discs.count, capacity: capacity,
                lastDiscs: discs.enumerated().suffix(2).map {
                    "disc \($0.offset + 1), \(Self.cardLabel($0.element))"
                })
        }
        let isM3U8 = playlist.fileExtension == "m3u8"
        var movedFrom: String?
        let outcome: UserFileEdit.Outcome
        do {
            outcome = try UserFileEdit.apply(to: playlist, state: state, limit: Self.editLimit) { bytes in
                var current = bytes
                let label: String
                let entryLine: Int
                if let present {
                    guard let bytes else { throw WalletChangeError.notInWallet(Self.cardLabel(present)) }
                    let leads = try discsOfEntries(in: bytes, playlist: playlist)
                    entryLine = try leads.firstLine(leadingOnlyTo: present.id, name: Self.cardLabel(present))
                    label = Self.cardLabel(present)
                } else {
                    let first = album.firstTrack
                    let entry = PlaylistEdit.NewEntry(
                        path: first.path, artist: first.artist, title: first.title, duration: first.duration)
                    let appended = PlaylistEdit.appending(entry, to: bytes, playlist: playlist, library: root)
                    current = appended
                    guard let last = PlaylistLines(appended).lines.lastIndex(where: \.isEntry) else {
                        return nil
                    }
                    entryLine = last + 1
                    label = "\(album.albumArtist) — \(album.title)"
                }
                let old = bytes.map { PlaylistCards.read($0, isM3U8: isM3U8) }
                let result = PlaylistCards.assigning(
                    number, label: label, toEntryLine: entryLine, in: current ?? [], isM3U8: isM3U8)
                if let oldCard = old?.cards.first(where: { $0.number == number }),
                    let from = oldCard.entryLine, result.movedFrom != nil, let bytes
                {
                    let leads = try discsOfEntries(in: bytes, playlist: playlist)
                    movedFrom = leads.only(from).map(Self.cardLabel) ?? oldCard.label
                } else {
                    movedFrom = nil
                }
                return result.changed || present == nil ? result.bytes : nil
            }
        } catch let failure as UserFileEdit.Failure {
            throw WalletChangeError.playlist(failure)
        }
        let after = try wallet(playlist: given, capacity: capacity, wholeTree: false)
        let disc = after.wallet.discs.first { $0.id == (present?.id ?? album.id) } ?? present
        return CardChange(
            playlist: outcome.path, written: outcome.written,
            cards: [(number, disc.map(Self.cardLabel))], movedFrom: movedFrom,
            addedToWallet: present == nil && outcome.written, disc: disc,
            position: disc.flatMap { after.wallet.position(of: $0.id) })
    }

    /// Forgets card `number`: its line goes, every other byte stays.
    public func forgetCard(_ number: CardNumber, playlist given: RawPath?, state: RawPath) throws
        -> CardChange
    {
        try forget(playlist: given, state: state, missing: CardError.unknownCard(number)) { reading, _ in
            (reading.cards + reading.repeated).filter { $0.number == number }
        }
    }

    /// Forgets every card of the disc `id`.
    public func forgetCards(of id: AlbumID, playlist given: RawPath?, state: RawPath) throws -> CardChange {
        try forget(playlist: given, state: state, missing: nil) { reading, leads in
            (reading.cards + reading.repeated).filter { card in
                card.entryLine.map { leads.discs[$0]?.contains(id) ?? false } ?? false
            }
        }
    }

    private func forget(
        playlist given: RawPath?, state: RawPath, missing: CardError?,
        _ which: (PlaylistCards.Reading, EntryLeads) throws -> [PlaylistCards.Card]
    ) throws -> CardChange {
        let before = try wallet(playlist: given, capacity: 0, wholeTree: false)
        guard let playlist = before.choice.chosen else { throw LibraryError.noPlaylist(root: root) }
        let isM3U8 = playlist.fileExtension == "m3u8"
        var gone: [(number: CardNumber, disc: String?)] = []
        let outcome: UserFileEdit.Outcome
        do {
            outcome = try UserFileEdit.apply(to: playlist, state: state, limit: Self.editLimit) { bytes in
                guard let bytes else { if let missing { throw missing } else { return nil } }
                let leads = try discsOfEntries(in: bytes, playlist: playlist)
                let cards = try which(PlaylistCards.read(bytes, isM3U8: isM3U8), leads)
                if cards.isEmpty, let missing { throw missing }
                gone = cards.map { card in
                    (card.number, card.entryLine.flatMap { leads.only($0) }.map(Self.cardLabel) ?? card.label)
                }
                return cards.isEmpty
                    ? nil : PlaylistCards.removing(cardLines: Set(cards.map(\.line)), from: bytes)
            }
        } catch let failure as UserFileEdit.Failure {
            throw WalletChangeError.playlist(failure)
        }
        return CardChange(playlist: outcome.path, written: outcome.written, cards: gone)
    }

    /// Which discs each entry line of the bytes leads to, as the wallet builds them.
    struct EntryLeads {
        var discs: [Int: Set<AlbumID>] = [:]
        var albums: [AlbumID: Album] = [:]
        var texts: [Int: String] = [:]

        func only(_ line: Int) -> Album? {
            guard let found = discs[line], found.count == 1, let id = found.first else { return nil }
            return albums[id]
        }

        /// The first line that leads to `id` alone; throws when only lines leading to other
        /// discs too reach it (a folder), or none does.
        func firstLine(leadingOnlyTo id: AlbumID, name: String) throws -> Int {
            let lines = discs.filter { $0.value.contains(id) }
            if let line = lines.filter({ $0.value.count == 1 }).keys.min() { return line }
            guard !lines.isEmpty else { throw WalletChangeError.notInWallet(name) }
            throw CardError.sharedLines(lines.keys.sorted().map { ($0, texts[$0] ?? "") }, album: name)
        }
    }

    func discsOfEntries(in bytes: [UInt8], playlist: RawPath) throws -> EntryLeads {
        let parsed = M3UParser.parse(bytes, isM3U8: playlist.fileExtension == "m3u8")
        var resolver = EntryResolver(updater: updater, treeIsFresh: false)
        let outcomes = try resolver.resolve(parsed.entries, playlist: playlist)
        let built = WalletBuilder.build(picks: outcomes.map(\.albums).filter { !$0.isEmpty }, capacity: 0)
        var leads = EntryLeads()
        for disc in built.wallet.discs { leads.albums[disc.id] = disc }
        for outcome in outcomes {
            leads.texts[outcome.entry.line] = outcome.entry.text
            leads.discs[outcome.entry.line] = Set(outcome.albums.compactMap { built.discOf[$0.id] })
        }
        return leads
    }

    /// The label still names the disc: compared as filters compare words (case, accents and
    /// punctuation aside), so retyping a dash or a capital is no mismatch.
    static func labelMatches(_ label: String, _ disc: Album) -> Bool {
        AlbumSummary.filterWords([label]) == AlbumSummary.filterWords([cardLabel(disc)])
    }
}
