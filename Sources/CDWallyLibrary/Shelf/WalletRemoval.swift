import CDWallyCore
import CDWallySystem
import Crypto
import Foundation

/// What the last `remove` of an album took out of the CDs playlist, kept in the state folder
/// so that its undo (`cdwally add ID`, the web's Undo) puts back those very bytes: the entry
/// lines, their `#EXTINF` hints and card lines (docs/PRODUCT.md §11). Where the playlist is
/// still as the removal left it they go back where they were, byte for byte; otherwise they
/// are appended.
public struct WalletRemoval: Codable, Sendable, Equatable {
    public var album: AlbumID
    public var playlist: String
    public var pieces: [PlaylistEdit.RemovedPiece]
    /// The SHA-256 of the playlist as the removal left it, in hex.
    public var after: String

    static func digest(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// The playlist's bytes with the removed ones back: in place when `bytes` are what the
    /// removal wrote, else appended (each line ending as the file's lines do).
    func restored(into bytes: [UInt8]) -> [UInt8] {
        if Self.digest(bytes) == after {
            var result = bytes
            for piece in pieces.sorted(by: { $0.offset < $1.offset }) {
                result.insert(contentsOf: piece.bytes, at: min(piece.offset, result.count))
            }
            return result
        }
        let end: [UInt8] =
            PlaylistLines(bytes).lines.contains(where: \.hasCarriageReturn) ? [0x0D, 0x0A] : [0x0A]
        var result = bytes
        if !result.isEmpty && result.last != 0x0A { result += end }
        for piece in pieces {
            result += piece.bytes
            if result.last != 0x0A { result += end }
        }
        return result
    }

    /// The 1-based numbers of the lines these pieces hold in `restored`'s result.
    func lines(in restored: [UInt8], from old: [UInt8]) -> Set<Int> {
        // By text: appending may give the old last line the line end it lacked.
        let before = PlaylistLines(old).lines.map { Array($0.trimmed) }
        var remaining = before[...]
        var numbers: Set<Int> = []
        for (offset, line) in PlaylistLines(restored).lines.enumerated() {
            if let next = remaining.first, next == Array(line.trimmed) {
                remaining = remaining.dropFirst()
            } else {
                numbers.insert(offset + 1)
            }
        }
        return numbers
    }

    private static func file(folder: RawPath, album: AlbumID) -> RawPath {
        folder.appending("removed").appending("\(album.rawValue).json")
    }

    /// The record of the album's last removal from `playlist`, if one is kept.
    public static func load(folder: RawPath, album: AlbumID, playlist: RawPath) -> WalletRemoval? {
        guard let bytes = try? AtomicFile.contents(of: file(folder: folder, album: album)),
            let record = try? JSONDecoder().decode(WalletRemoval.self, from: Data(bytes)),
            record.album == album, record.playlist == playlist.display
        else { return nil }
        return record
    }

    func save(folder: RawPath) throws {
        try AtomicFile.makeDirectory(folder.appending("removed"))
        try AtomicFile.replace(
            Self.file(folder: folder, album: album), with: Array(try JSONEncoder().encode(self)))
    }

    /// Forgets the record once it was put back (or the album came back another way).
    static func forget(folder: RawPath, album: AlbumID) {
        _ = file(folder: folder, album: album).withCString { unlink($0) }
    }
}
