import Foundation

/// The folder one library's state (`resume.json`) lives in, under a state home's `cdwally/`:
/// its only directory, as `player.lock` sits beside it.
public func libraryStateFolder(under cdwallyState: String) throws -> String {
    let folders = try FileManager.default.contentsOfDirectory(atPath: cdwallyState).filter { name in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: cdwallyState + "/" + name, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
    guard folders.count == 1 else {
        throw TestFailure("expected one library state folder in \(cdwallyState), found \(folders)")
    }
    return cdwallyState + "/" + folders[0]
}
