import Foundation
import TestSupport

/// Builds a small library of the shapes real collections have, chosen and tagged by a seeded
/// generator, and the playlist entries that name them (tracks, folders, missing files with
/// `#EXTINF`), so that a property can be checked over many libraries.
struct ShapeGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64: the same seed gives the same library on every machine.
    private mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((value ^ (value >> 31)) % UInt64(bound))
    }

    /// Adds between four and eight albums of random shapes; returns the playlist's entries.
    mutating func fill(_ library: TestLibrary) throws -> [String] {
        var entries: [String] = []
        for number in 0..<(4 + next(5)) {
            let artist = ["The Band", "Band", "Ada", "Zoé", "Weezer"][next(5)]
            let title = "Album \(number % 3)"
            let folder = "\(artist)/\(title) \(number)"
            let extra = next(2) == 0 ? ["DATE": "\(1990 + next(3))"] : [:]
            switch next(8) {
            case 0:
                try library.addAlbum(folder, artist: artist, album: title, tracks: 3, extraTags: extra)
            case 1:
                let credits = [artist, "\(artist) feat. Guest", "\(artist) ft. Other Guest"]
                try library.addAlbum(folder, album: title, artists: credits, tagger: .metaflac)
            case 2:
                try library.addAlbum(folder, album: "Hits", artists: ["Singer 1", "Singer 2", "Singer 3"])
            case 3:
                for copy in ["FLAC", "MP3"] {
                    try library.addAlbum("\(copy)/\(folder)", artist: artist, album: title, extraTags: extra)
                }
                entries.append("\(["FLAC", "MP3"][next(2)])/\(folder)/01 \(title) 1.flac")
                continue
            case 4:
                for (side, disc) in [("Left", 1), ("Right", 2)] {
                    try library.addAlbum(
                        "\(folder)/\(side)", artist: artist, album: title,
                        extraTags: ["DISCNUMBER": "\(disc)"],
                        tagger: .metaflac)
                }
                entries.append("\(folder)/\(["Left", "Right"][next(2)])/02 \(title) 2.flac")
                continue
            case 5:
                for disc in 1...2 {
                    try library.addAlbum(
                        "\(folder) (Disc \(disc))", artist: artist, album: "\(title) (Disc \(disc))")
                }
                entries.append("\(folder) (Disc \(1 + next(2)))/01 \(title) (Disc 1) 1.flac")
                continue
            case 6:
                try library.addAlbum(
                    folder, artist: artist, album: title + " (Deluxe Edition)",
                    extraTags: extra.merging(["ALBUMARTISTSORT": "\(artist), sorted"]) { $1 })
            default:
                try library.addAlbum("Real/\(folder)", artist: artist, album: title, extraTags: extra)
                let link = library.root + "/Links \(number)"
                try FileManager.default.createDirectory(atPath: link, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    atPath: link + "/Album", withDestinationPath: library.root + "/Real/\(folder)")
                entries.append("Links \(number)/Album/" + (next(2) == 0 ? "" : "01 \(title) 1.flac"))
                continue
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: library.root + "/" + folder)
                .sorted()
            switch next(3) {
            case 0: entries.append(folder + "/")
            case 1: entries.append("\(folder)/\(names[next(names.count)])")
            default:
                // A file that is gone: its folder still holds the album.
                let name = names[next(names.count)]
                entries.append("#EXTINF:100,\(artist) - gone\n\(folder)/\(name)")
                try FileManager.default.removeItem(atPath: "\(library.root)/\(folder)/\(name)")
            }
        }
        return entries
    }
}
