import CDWallyLibrary

/// Why a wallet came out empty, in one line.
enum EmptyWallet {
    static func reason(_ report: WalletReport) -> String {
        let playlist = report.choice.chosen?.display ?? "the playlist"
        let counts = report.entries
        if !report.looksLikePlaylist {
            return "the wallet is empty: \(playlist) does not look like a playlist (it holds binary data); "
                + "a CDs playlist is text, one path per line"
        }
        if counts.total == 0 { return "the wallet is empty: \(playlist) lists no entries" }
        if counts.streams == counts.total {
            return "the wallet is empty: \(playlist) lists only stream URLs, and cdwally plays local files"
        }
        return "the wallet is empty: none of the \(counts.total) entries of \(playlist) leads to an album "
            + "(run `cdwally doctor` to see why)"
    }
}
