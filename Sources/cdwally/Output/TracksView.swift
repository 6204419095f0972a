import CDWallyCore

/// A disc's tracks as a table for people.
struct TracksView {
    let album: Album
    let position: Int
    let terminal: Terminal

    func render() -> String {
        var heading = "Disc \(position): \(album.albumArtist) — \(album.title)"
        if let year = album.year { heading += " (\(year))" }
        heading += ", \(Format.count(album.trackCount, "track")), \(Format.duration(album.duration))"
        let multiDisc = album.discCount > 1
        let variousArtists = album.tracks.contains { $0.artist != album.albumArtist }
        var columns: [TextTable.Column] = [.init(title: "#", alignRight: true)]
        if multiDisc { columns.append(.init(title: "Disc", alignRight: true)) }
        columns += [.init(title: "Track", alignRight: true), .init(title: "Title", flexible: true)]
        if variousArtists { columns.append(.init(title: "Artist", flexible: true)) }
        columns.append(.init(title: "Time", alignRight: true))
        var table = TextTable(columns)
        for (offset, track) in album.tracks.enumerated() {
            var row = [String(offset + 1)]
            if multiDisc { row.append(String(track.disc)) }
            row += [track.track.map(String.init) ?? "", track.title]
            if variousArtists { row.append(track.artist) }
            row.append(Format.duration(track.duration))
            table.append(row)
        }
        return [
            terminal.bold(DisplayWidth.truncate(heading, to: terminal.width)), "",
            table.render(width: terminal.width, header: terminal.dim),
        ]
        .joined(separator: "\n")
    }
}
