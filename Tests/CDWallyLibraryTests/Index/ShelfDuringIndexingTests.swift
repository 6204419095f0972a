import CDWallyCore
import CDWallySystem
import Foundation
import TestSupport
import Testing

@testable import CDWallyLibrary

/// The album summary (the "shelf" that `albums`, `add ID` and the web's Library read) while
/// another writer changes the index a batch at a time, as a player's first full index does.
/// Its refresh once gave up whenever the index changed under it, and left the rows as they
/// were (none, before the first full index): `add ID` then said no album had that id.
@Suite struct ShelfDuringIndexingTests {
    @Test func anAlbumIsFoundWhileTheIndexKeepsChanging() throws {
        let library = try TestLibrary()
        for number in 1...12 {
            try library.addAlbum(
                "Artist \(number)/Album", artist: "Artist \(number)", album: "Album \(number)")
        }
        try library.playlist("Artist 1/Album/\n")
        let service = try library.service()
        _ = try service.scan()
        let id = try #require(try service.albums(matching: ["artist", "7"]).albums.first?.id)

        // Another handle on the same index changes it without a pause: each batch bumps the
        // index's generation, as the player's background index does.
        let writer = try library.service()
        let (stop, finished) = (LockedValue(false), LockedValue(false))
        let busy = Thread {
            while !stop.current {
                try? writer.index.apply(saving: [], removing: [RawPath("/nowhere/gone.flac")], folders: [])
            }
            finished.withLock { $0 = true }
        }
        busy.start()
        defer {
            stop.withLock { $0 = true }
            while !finished.current { usleep(1000) }
        }
        var missed = 0
        for _ in 1...40 {
            // No rows, as before a first full index wrote any.
            try service.index.write { db in
                try db.execute(sql: "DELETE FROM shelf")
                try db.execute(sql: "DELETE FROM meta WHERE key = 'shelf'")
            }
            if try service.index.shelfAlbum(id: id) == nil { missed += 1 }
        }
        #expect(missed == 0)
    }
}
