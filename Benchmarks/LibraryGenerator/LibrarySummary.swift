import CDWallyCore

/// What a generated library holds, printed as JSON: the counts the benchmarks check the
/// index against, and the albums the wallet playlist names.
struct LibrarySummary {
    var seed: UInt64
    var shape: String
    var root: String
    var albums: [AlbumPlan]
    var playlist: [WalletPlaylist.Entry]
    var seconds: Double

    var json: JSONValue {
        let formats = AudioFormat.allCases.map { format in
            (format.rawValue, JSONValue.int(albums.filter { $0.format == format }.count))
        }
        return .object([
            ("seed", .string(String(seed))),
            ("shape", .string(shape)),
            ("root", .string(root)),
            ("albums", .int(albums.count)),
            ("tracks", .int(albums.reduce(0) { $0 + $1.tracks.count })),
            ("albumsByFormat", .object(formats)),
            ("multiDisc", .int(albums.filter { $0.discCount > 1 }.count)),
            ("discFolders", .int(albums.filter { $0.layout == .discFolders }.count)),
            ("compilations", .int(albums.filter(\.isCompilation).count)),
            ("largeCoverAlbums", .int(albums.filter { $0.largeCoverBytes != nil }.count)),
            ("extraFiles", .int(albums.reduce(0) { $0 + $1.extraFiles.count })),
            ("playlist", .string("CDs.m3u8")),
            (
                "playlistAlbums",
                .array(
                    playlist.map { entry in
                        .object([
                            ("folder", .string(entry.album.folder)),
                            ("format", .string(entry.album.format.rawValue)),
                            ("tracks", .int(entry.album.tracks.count)),
                            ("entry", .string(entry.track.path)),
                        ])
                    })
            ),
            ("seconds", .seconds(seconds)),
        ])
    }
}
