import CDWallyCore

/// The disc the player holds after the wallet let it go, and which disc follows it
/// (docs/PRODUCT.md §11, "The playing disc leaves the wallet"): it plays on, and when it ends,
/// `--then next` goes to the disc that followed it when it left. If that disc has gone too, to
/// the disc that now sorts right after it. If none sorts after it (it was the last), playback
/// stops, unless the wallet repeats: then disc 1.
///
/// Plain data, owned by the engine: wallets in, a position out.
struct LeftDisc: Equatable {
    /// The disc that left the wallet.
    let album: Album
    /// The disc that followed it in the wallet it left; nil when it was the last.
    let follower: AlbumID?

    /// What the held disc became when the wallet went from `old` to `new`: nil while the new
    /// wallet holds it, `left` kept while it stays out (its follower is the one of the wallet
    /// it left, not of a later one).
    static func after(
        _ left: LeftDisc?, holding album: Album, old: Wallet, new: Wallet
    ) -> LeftDisc? {
        guard new.position(of: album.id) == nil else { return nil }
        if let left, left.album.id == album.id { return left }
        guard let position = old.position(of: album.id) else { return nil }
        return LeftDisc(album: album, follower: old.disc(at: position + 1)?.id)
    }

    /// The position in `wallet` to play after this disc ends; nil to stop.
    func next(in wallet: Wallet, repeating: Bool) -> Int? {
        if let follower, let position = wallet.position(of: follower) { return position }
        // Where it would sort now: the wallet's discs with it put back among them.
        let sorted = WalletOrder.sorted(wallet.discs + [album])
        if let index = sorted.firstIndex(where: { $0.id == album.id }), index + 1 < sorted.count,
            let position = wallet.position(of: sorted[index + 1].id)
        {
            return position
        }
        return repeating && !wallet.discs.isEmpty ? 1 : nil
    }
}
