/// Gives distinct ids to copies of one album that the wallet holds together (docs/PRODUCT.md §3).
///
/// The grouper gives every copy of an identity (the FLAC and the MP3 folder, Weezer's two
/// self-titled albums) the identity's id, because which copies it sees depends on how much of
/// the tree is indexed. The wallet's albums do not: they are what the playlist names. So the
/// copies are told apart here, the same way before and after any scan. The earliest copy
/// (by year, then folder) keeps the plain id, so an album's resume point stays when a namesake
/// joins the wallet; a later one takes its year, as namesakes always did, or else its folder.
enum CopyIdentity {
    static func distinguished(_ picks: [[Album]]) -> [[Album]] {
        var copies: [AlbumID: [Album]] = [:]
        for album in picks.joined()
        where !(copies[album.id] ?? []).contains(where: { $0.directories == album.directories }) {
            copies[album.id, default: []].append(album)
        }
        var renamed: [AlbumID: [[RawPath]: AlbumID]] = [:]
        for (id, albums) in copies where albums.count > 1 {
            let ordered = albums.sorted(by: isEarlier)
            let years = ordered.map(\.year)
            for album in ordered.dropFirst() {
                let yearIsOwn =
                    album.year != nil && album.year != ordered[0].year
                    && years.filter { $0 == album.year }.count == 1
                let suffix =
                    yearIsOwn ? album.year.map { String($0) } ?? "" : album.directories.first?.display ?? ""
                renamed[id, default: [:]][album.directories] = AlbumID(
                    identityKey: album.identityKey + "\u{1F}" + suffix)
            }
        }
        guard !renamed.isEmpty else { return picks }
        return picks.map { albums in
            albums.map { album in
                var album = album
                if let id = renamed[album.id]?[album.directories] { album.id = id }
                return album
            }
        }
    }

    private static func isEarlier(_ lhs: Album, _ rhs: Album) -> Bool {
        if lhs.year != rhs.year { return (lhs.year ?? Int.max) < (rhs.year ?? Int.max) }
        return (lhs.directories.first ?? RawPath("")) < (rhs.directories.first ?? RawPath(""))
    }
}
