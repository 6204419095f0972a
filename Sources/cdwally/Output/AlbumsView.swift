import CDWallyCore
import CDWallyLibrary

/// The library's albums as a table for people: its disc number when one is in the wallet
/// ("=N" for an edition of disc N, "hidden" for a disc the capacity hides), and the id that `add`, `remove` and `play` take.
struct AlbumsView {
    let albums: [AlbumSummary]
    let total: Int
    let places: [AlbumID: WalletPlace]
    let terminal: Terminal

    func render() -> String {
        let inWallet = albums.filter { places[$0.id]?.disc != nil }.count
        let hidden = albums.filter { places[$0.id]?.isHidden == true }.count
        var lines = [
            terminal.bold(
                "Library: \(Format.count(total, "album")), \(inWallet) of them in the wallet"
                    + (hidden > 0 ? " and \(hidden) hidden by its capacity" : ""))
        ]
        guard !albums.isEmpty else { return lines.joined(separator: "\n") }
        var table = TextTable([
            .init(title: "Disc", alignRight: true), .init(title: "Artist", flexible: true),
            .init(title: "Album", flexible: true), .init(title: "Year"),
            .init(title: "Tracks", alignRight: true),
            .init(title: "Time", alignRight: true), .init(title: "Id"),
        ])
        for album in albums {
            let place =
                switch places[album.id] {
                case .disc(let position): String(position)
                case .editionOf(let position): "=\(position)"
                case .hidden: "hidden"
                case nil: ""
                }
            table.append([
                place, album.albumArtist, album.title, album.year.map(String.init) ?? "",
                String(album.trackCount),
                Format.duration(album.duration), album.id.rawValue,
            ])
        }
        lines.append("")
        lines.append(table.render(width: terminal.width, header: terminal.dim))
        return lines.joined(separator: "\n")
    }
}
