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
        public var wallet: Wallet
    }

    /// Puts `album` into the CDs playlist: one line, its first track in play order, in the
    /// playlist's own style. An album already there (or an edition of a disc there) changes
    /// nothing. `refuseHidden` (for `play`) refuses an album the capacity would hide.
    public func add(
        _ album: AlbumSummary, playlist given: RawPath?, capacity: Int, state: RawPath,
        refuseHidden: Bool = false
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
        if refuseHidden, capacity > 0 {
            let sorted = WalletOrder.sorted(discs + [album.standIn])
            let position = (sorted.firstIndex(where: { $0.id == album.id }) ?? 0) + 1
            if position > capacity {
                throw WalletChangeError.wouldBeHidden(
                    album: "\(album.albumArtist) — \(album.title)", position: position, capacity: capacity)
            }
        }
        let first = album.firstTrack
        let entry = PlaylistEdit.NewEntry(
            path: first.path, artist: first.artist, title: first.title, duration: first.duration)
        let outcome: UserFileEdit.Outcome
        do {
            outcome = try UserFileEdit.apply(to: playlist, state: state, limit: Self.editLimit) { bytes in
                PlaylistEdit.appending(entry, to: bytes, playlist: playlist)
            }
        } catch let failure as UserFileEdit.Failure {
            throw WalletChangeError.playlist(failure)
        }
        let after = try wallet(playlist: given, capacity: capacity, wholeTree: false)
        let disc = after.wallet.discs.first { $0.id == album.id }
        let shownBefore = capacity > 0 ? Array(discs.prefix(capacity)) : discs
        return WalletChange(
            album: album, disc: disc, position: after.wallet.position(of: album.id), playlist: outcome.path,
            written: true, createdPlaylist: outcome.created,
            nowHidden: shownBefore.first { old in !after.wallet.discs.contains { $0.id == old.id } }
                ?? (disc == nil ? album.standIn : nil),
            wallet: after.wallet)
    }

    /// Takes the disc with this id out of the CDs playlist: every line that leads to it
    /// (several tracks, editions merged into it). A line that leads to other albums too (a
    /// folder) stops it, with nothing changed. `dryRun` only says which lines would go.
    public func remove(
        _ id: AlbumID, playlist given: RawPath?, capacity: Int, state: RawPath, dryRun: Bool = false
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
        let outcome: UserFileEdit.Outcome
        do {
            outcome = try UserFileEdit.apply(to: playlist, state: state, limit: Self.editLimit) { bytes in
                guard let bytes else { throw WalletChangeError.notInWallet(name) }
                let lines = try linesLeading(to: id, in: bytes, playlist: playlist, name: name)
                removed = lines
                if dryRun { return nil }
                return PlaylistEdit.removing(entryLines: Set(lines.map(\.line)), from: bytes)
            }
        } catch let failure as UserFileEdit.Failure {
            throw WalletChangeError.playlist(failure)
        }
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
