import CDWallyCore
import Testing

@testable import CDWallyPlayer

/// The disc after one the wallet let go while it played (docs/PRODUCT.md §11, "The playing
/// disc leaves the wallet"), without mpv.
@Suite struct LeftDiscTests {
    private static func album(_ title: String) -> Album {
        Album(
            id: AlbumID(identityKey: "artist\u{1F}\(title)"), albumArtist: "Artist", title: title, tracks: [],
            directories: [])
    }

    private static let (a, b, c, d) = (album("A"), album("B"), album("C"), album("D"))

    private static func wallet(_ discs: [Album]) -> Wallet {
        Wallet(discs: discs, total: discs.count, capacity: 20)
    }

    @Test func theDiscThatFollowedItWhenItLeftComesNext() throws {
        let left = try #require(
            LeftDisc.after(
                nil, holding: Self.b, old: Self.wallet([Self.a, Self.b, Self.c]),
                new: Self.wallet([Self.a, Self.c])))
        #expect(left.follower == Self.c.id)
        #expect(left.next(in: Self.wallet([Self.a, Self.c]), repeating: false) == 2)
        // A disc added meanwhile that sorts before the follower does not take its turn.
        #expect(left.next(in: Self.wallet([Self.a, Self.c, Self.d]), repeating: false) == 2)
    }

    @Test func aFollowerGoneTooGivesTheDiscThatNowSortsAfterIt() throws {
        let first = LeftDisc.after(
            nil, holding: Self.a, old: Self.wallet([Self.a, Self.b, Self.c]),
            new: Self.wallet([Self.b, Self.c]))
        let left = try #require(
            LeftDisc.after(
                first, holding: Self.a, old: Self.wallet([Self.b, Self.c]), new: Self.wallet([Self.c])))
        // The follower stays the one of the wallet it left.
        #expect(left.follower == Self.b.id)
        #expect(left.next(in: Self.wallet([Self.c, Self.d]), repeating: false) == 1)
    }

    @Test func theLastDiscLeavingStopsUnlessTheWalletRepeats() throws {
        let left = try #require(
            LeftDisc.after(
                nil, holding: Self.c, old: Self.wallet([Self.a, Self.b, Self.c]),
                new: Self.wallet([Self.a, Self.b])))
        #expect(left.follower == nil)
        #expect(left.next(in: Self.wallet([Self.a, Self.b]), repeating: false) == nil)
        #expect(left.next(in: Self.wallet([Self.a, Self.b]), repeating: true) == 1)
        #expect(left.next(in: Self.wallet([]), repeating: true) == nil)
    }

    @Test func aDiscBackInTheWalletIsNoLongerLeft() {
        let old = Self.wallet([Self.a, Self.c])
        let left = LeftDisc.after(nil, holding: Self.b, old: Self.wallet([Self.a, Self.b, Self.c]), new: old)
        #expect(left != nil)
        #expect(
            LeftDisc.after(left, holding: Self.b, old: old, new: Self.wallet([Self.a, Self.b, Self.c])) == nil
        )
        // A disc that was never in the wallet (played by id before a wallet came) has no follower to keep.
        #expect(LeftDisc.after(nil, holding: Self.d, old: old, new: old) == nil)
    }
}
