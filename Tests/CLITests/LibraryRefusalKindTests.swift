import CDWallyCore
import CDWallyLibrary
import CDWallySystem
import Testing

/// Library refusals carry one kind (`LibraryRefusalKind`) that each door maps once: these pin
/// the kinds of the cases whose exit codes scripts rely on (docs/PRODUCT.md §7), so that a
/// case moved to another kind is seen here, not in a user's script.
@Suite struct LibraryRefusalKindTests {
    @Test func eachRefusalHasTheKindItsExitCodeComesFrom() {
        let cases: [(any LibraryRefusal, LibraryRefusalKind)] = [
            (WalletChangeError.noAlbumMatches("x"), .notFound),
            (WalletChangeError.ambiguous("x", []), .ambiguous),
            (WalletChangeError.full(album: "A", total: 2, capacity: 2, shown: [], hidden: []), .refused),
            (WalletChangeError.sharedLines([], album: "A"), .sharedLine),
            (WalletChangeError.playlist(.keptChanging(RawPath("/p"))), .busy),
            (WalletChangeError.playlist(.folderNotWritable(RawPath("/d"), code: 13)), .folderNotWritable),
            (WalletChangeError.playlist(.fileNotWritable(RawPath("/p"))), .notPermitted),
            (WalletChangeError.playlist(.tooLarge(RawPath("/p"), size: 1, limit: 1)), .badFile),
            (CardError.walletFull(album: "A", discs: 2, capacity: 2, lastDiscs: []), .refused),
            (CardError.unknownCard(CardNumber("12")!), .notFound),
            (LibraryError.noPlaylist(root: RawPath("/m")), .missing),
            (LibraryError.index(file: "i", reason: "r"), .storage),
        ]
        for (error, kind) in cases {
            #expect(error.kind == kind, "\(error)")
        }
    }
}
