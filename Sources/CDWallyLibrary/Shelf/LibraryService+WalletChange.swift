import CDWallyCore
import CDWallySystem

/// `add` and `remove`: the CDs playlist changed as little as it can, safely whoever else writes
/// it (docs/PRODUCT.md §10; `PlaylistEdit`, `UserFileEdit`).
extension LibraryService {
    /// The largest playlist `add` and `remove` edit: they hold it whole, twice.
    public static let editLimit = 32 << 20

    /// What a change did, for the user.
    public struct WalletChange: Sendable {
        public var album: AlbumSummary?
        /// The disc (after `add`; before `remove`), or the disc an edition merged into.
        public var disc: Album?
        /// Its place in the wallet as shown: nil when hidden past the capacity.
        public var position: Int?
        public var playlist: RawPath
        public var written: Bool
        public var createdPlaylist = false
        /// The disc that the change pushed past the capacity.
        public var nowHidden: Album?
        /// The lines `remove` took (or would take, in a dry run): number and text.
        public var removedLines: [(line: Int, text: String)] = []
        /// The lines `add` wrote (or would write, in a dry run): number and text.
        public var addedLines: [(line: Int, text: String)] = []
        /// The `add` put back the lines a `remove` took, as its undo.
        public var restored = false
        public var wallet: Wallet
    }

    /// Puts `album` into the CDs playlist: one line, its first track in play order, in the
    /// playlist's own style. An album already there (or an edition of a disc there) changes
    /// nothing. A wallet at its capacity takes no more (docs/PRODUCT.md §11), unless this puts
    /// back what a `remove` recorded in `undoFolder` (those very lines). What is written is read
    /// back first, and the new wallet checked after: nothing is ever "added" that is not there.
    /// `dryRun` says what would be written, and writes nothing.
    public func add(
        _ album: AlbumSummary, playlist given: RawPath?, capacity: Int, state: RawPath,
        undoFolder: RawPath? = nil, dryRun: Bool = false
    ) throws -> WalletChange {
        let before = try wallet(playlist: given, capacity: 0, wholeTree: false)
        let playlist = before.choice.chosen ?? root.appending("CDs.m3u8")
        let discs = before.wallet.discs
        if let disc = WalletBuilder.disc(for: album.standIn, among: discs) {
            let position = discs.firstIndex(where: { $0.id == disc.id }).map { $0 + 1 }
            return WalletChange(
                album: album, disc: disc,
                position: position.flatMap { capacity == 0 || $0 <= capacity ? $0 : nil },
                playlist: playlist, written: false, wallet: Self.cut(before.wallet, capacity))
        }
        let removal = undoFolder.flatMap {
            WalletRemoval.load(folder: $0, album: album.id, playlist: playlist)
        }
        if removal == nil, capacity > 0, discs.count >= capacity {
            throw WalletChangeError.full(
                album: "\(album.albumArtist) — \(album.title)", total: discs.count, capacity: capacity,
                shown: discs.prefix(capacity).map(Self.name), hidden: discs.dropFirst(capacity).map(Self.name)
            )
        }
        let first = album.firstTrack
        let entry = PlaylistEdit.NewEntry(
            path: first.path, artist: first.artist, title: first.title, duration: first.duration)
        var written: (old: [UInt8]?, new: [UInt8], lines: [(line: Int, text: String)])?
        let outcome: UserFileEdit.Outcome
        do {
            outcome = try UserFileEdit.apply(to: playlist, state: state, limit: Self.editLimit) { bytes in
                // Counted again under the lock: another `add` may have filled the last place since.
                if removal == nil, capacity > 0, !dryRun {
                    let now = try wallet(playlist: given, capacity: 0, wholeTree: false).wallet.discs
                    if now.count >= capacity && WalletBuilder.disc(for: album.standIn, among: now) == nil {
                        throw WalletChangeError.full(
                            album: "\(album.albumArtist) — \(album.title)", total: now.count,
                            capacity: capacity,
                            shown: now.prefix(capacity).map(Self.name),
                            hidden: now.dropFirst(capacity).map(Self.name))
                    }
                }
                let new: [UInt8]
                let lines: Set<Int>
                if let removal, let bytes {
                    new = removal.restored(into: bytes)
                    lines = removal.lines(in: new, from: bytes)
                } else {
                    new = PlaylistEdit.appending(entry, to: bytes, playlist: playlist, library: root)
                    let kept = bytes.map { PlaylistLines($0).lines.count } ?? 0
                    lines = Set((kept + 1)...max(kept + 1, PlaylistLines(new).lines.count))
                }
                let read = try readBack(album, lines: lines, in: new, playlist: playlist)
                written = (bytes, new, read)
                return dryRun ? nil : new
            }
        } catch let failure as UserFileEdit.Failure {
            throw WalletChangeError.playlist(failure)
        }
        if dryRun {
            let position = WalletOrder.sorted(discs + [album.standIn]).firstIndex { $0.id == album.id }
            return WalletChange(
                album: album, disc: album.standIn,
                position: position.map { $0 + 1 }.flatMap { capacity == 0 || $0 <= capacity ? $0 : nil },
                playlist: playlist, written: false, addedLines: written?.lines ?? [],
                wallet: Self.cut(before.wallet, capacity))
        }
        let whole = try wallet(playlist: given, capacity: 0, wholeTree: false).wallet
        guard let disc = whole.discs.first(where: { $0.id == album.id }) else {
            if let written { _ = try putBack(written.old, over: written.new, at: playlist, state: state) }
            throw WalletChangeError.wouldNotReadBack(
                album: "\(album.albumArtist) — \(album.title)", lines: written?.lines.map(\.text) ?? [])
        }
        if let undoFolder { WalletRemoval.forget(folder: undoFolder, album: album.id) }
        let after = Self.cut(whole, capacity)
        let shownBefore = capacity > 0 ? Array(discs.prefix(capacity)) : discs
        return WalletChange(
            album: album, disc: disc, position: after.position(of: album.id), playlist: outcome.path,
            written: true, createdPlaylist: outcome.created,
            nowHidden: shownBefore.first { old in !after.discs.contains { $0.id == old.id } }
                ?? (after.position(of: album.id) == nil ? album.standIn : nil),
            addedLines: written?.lines ?? [], restored: removal != nil, wallet: after)
    }

    private static func name(_ album: Album) -> String { "\(album.albumArtist) — \(album.title)" }

    /// The lines `lines` of `bytes` as the wallet reads them: they must lead to `album` (or an
    /// edition of it) and to nothing else, or nothing is written (docs/PRODUCT.md §11: a tag
    /// or a name must not write lines of its own, nor a line read as a comment).
    private func readBack(_ album: AlbumSummary, lines: Set<Int>, in bytes: [UInt8], playlist: RawPath) throws
        -> [(line: Int, text: String)]
    {
        let text = PlaylistLines(bytes)
        let shown = lines.sorted().compactMap { number -> (line: Int, text: String)? in
            guard text.lines.indices.contains(number - 1) else { return nil }
            return (number, String(decoding: text.lines[number - 1].trimmed, as: UTF8.self))
        }
        let parsed = M3UParser.parse(bytes, isM3U8: playlist.fileExtension == "m3u8")
        var resolver = EntryResolver(updater: updater, treeIsFresh: false)
        let outcomes = try resolver.resolve(
            parsed.entries.filter { lines.contains($0.line) }, playlist: playlist)
        let own = [album.standIn]
        let reached = outcomes.flatMap(\.albums)
        let leadsThere = reached.contains { $0.id == album.id }
        let strays = reached.contains { $0.id != album.id && WalletBuilder.disc(for: $0, among: own) == nil }
        let lost = outcomes.contains { $0.albums.isEmpty }
        if !leadsThere || strays || lost {
            throw WalletChangeError.wouldNotReadBack(
                album: "\(album.albumArtist) — \(album.title)", lines: shown.map(\.text))
        }
        return shown
    }

    /// Puts `old` back where `new` was written and the wallet did not hold what it should
    /// (docs/PRODUCT.md §11); a playlist changed since is left to its new writer.
    /// True when it put them back.
    private func putBack(_ old: [UInt8]?, over new: [UInt8], at playlist: RawPath, state: RawPath) throws
        -> Bool
    {
        guard let old else { return false }
        return try UserFileEdit.apply(to: playlist, state: state, limit: Self.editLimit) { bytes in
            bytes == new ? old : nil
        }.written
    }

    /// Takes the disc with this id out of the CDs playlist, shown or hidden by the capacity
    /// (docs/PRODUCT.md §11): every line that leads to it (several tracks, editions merged into
    /// it), with their hints and card lines. A line that leads to other albums too (a folder)
    /// stops it, with nothing changed. `dryRun` only says which lines would go. What went is
    /// recorded in `undoFolder`, for the undo (`add`) to put those very bytes back.
    public func remove(
        _ id: AlbumID, playlist given: RawPath?, capacity: Int, state: RawPath, undoFolder: RawPath? = nil,
        dryRun: Bool = false
    )
        throws -> WalletChange
    {
        let before = try wallet(playlist: given, capacity: 0, wholeTree: false)
        guard let playlist = before.choice.chosen else { throw LibraryError.noPlaylist(root: root) }
        guard let disc = before.wallet.discs.first(where: { $0.id == id }) else {
            throw WalletChangeError.notInWallet(id.rawValue)
        }
        let name = "\(disc.albumArtist) — \(disc.title)"
        var removed: [(line: Int, text: String)] = []
        var record: WalletRemoval?
        let outcome: UserFileEdit.Outcome
        do {
            outcome = try UserFileEdit.apply(to: playlist, state: state, limit: Self.editLimit) { bytes in
                guard let bytes else { throw WalletChangeError.notInWallet(name) }
                let lines = try linesLeading(to: id, in: bytes, playlist: playlist, name: name)
                removed = lines
                if dryRun { return nil }
                let removal = PlaylistEdit.removal(entryLines: Set(lines.map(\.line)), from: bytes)
                record = WalletRemoval(
                    album: id, playlist: playlist.display, pieces: removal.pieces,
                    after: WalletRemoval.digest(removal.bytes))
                return removal.bytes
            }
        } catch let failure as UserFileEdit.Failure {
            throw WalletChangeError.playlist(failure)
        }
        if let undoFolder, let record, outcome.written { try? record.save(folder: undoFolder) }
        let after = dryRun ? before : try wallet(playlist: given, capacity: capacity, wholeTree: false)
        return WalletChange(
            album: nil, disc: disc,
            position: before.wallet.position(of: id).flatMap { capacity == 0 || $0 <= capacity ? $0 : nil },
            playlist: outcome.path, written: outcome.written, removedLines: removed,
            wallet: dryRun ? Self.cut(before.wallet, capacity) : after.wallet)
    }

    /// The entry lines of the playlist's bytes that lead only to the disc `id` (its tracks,
    /// its editions); throws when some lead to it and to other discs too, or none does.
    private func linesLeading(to id: AlbumID, in bytes: [UInt8], playlist: RawPath, name: String) throws
        -> [(line: Int, text: String)]
    {
        let parsed = M3UParser.parse(bytes, isM3U8: playlist.fileExtension == "m3u8")
        var resolver = EntryResolver(updater: updater, treeIsFresh: false)
        let outcomes = try resolver.resolve(parsed.entries, playlist: playlist)
        let built = WalletBuilder.build(picks: outcomes.map(\.albums).filter { !$0.isEmpty }, capacity: 0)
        var lines: [(line: Int, text: String)] = []
        var shared: [(line: Int, text: String)] = []
        for outcome in outcomes {
            let discs = Set(outcome.albums.compactMap { built.discOf[$0.id] })
            guard discs.contains(id) else { continue }
            if discs.count == 1 {
                lines.append((outcome.entry.line, outcome.entry.text))
            } else {
                shared.append((outcome.entry.line, outcome.entry.text))
            }
        }
        if !shared.isEmpty { throw WalletChangeError.sharedLines(shared, album: name) }
        if lines.isEmpty { throw WalletChangeError.notInWallet(name) }
        return lines
    }

    /// The wallet as `capacity` shows it.
    private static func cut(_ wallet: Wallet, _ capacity: Int) -> Wallet {
        Wallet(
            discs: capacity > 0 ? Array(wallet.discs.prefix(capacity)) : wallet.discs, total: wallet.total,
            capacity: capacity)
    }
}

extension LibraryService.WalletChange {
    /// This change, when its album can be played now; `.hidden` when the album was in the
    /// CDs playlist already, past the capacity, so no disc of the wallet is it (`play WORDS|ID`
    /// on every door says so rather than "not in the wallet").
    public func shown(_ album: AlbumSummary) throws(WalletChangeError) -> Self {
        guard written || position != nil || wallet.hidden == 0 else {
            throw .hidden(
                album: "\(album.albumArtist) — \(album.title)", id: album.id, total: wallet.total,
                capacity: wallet.capacity)
        }
        return self
    }
}
