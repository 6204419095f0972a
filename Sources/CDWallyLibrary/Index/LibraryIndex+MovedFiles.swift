import CDWallyCore
import CDWallySystem
import Foundation
import GRDB

extension LibraryIndex {
    /// Every path the index holds for this file (device and inode): more than one for a file
    /// reached by several paths, or for one whose old path was not forgotten yet.
    func indexedPaths(of file: FileID) throws(LibraryError) -> [RawPath] {
        try read { db in
            try Data.fetchAll(
                db, sql: "SELECT path FROM track WHERE device = ? AND inode = ? ORDER BY path",
                arguments: [Int64(bitPattern: file.device), Int64(bitPattern: file.inode)]
            ).map(RawPath.init(databaseBytes:))
        }
    }
}
