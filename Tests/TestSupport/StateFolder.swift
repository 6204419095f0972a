import Foundation

/// The folder a player's state (`resume.json`, `listens.json`) lives in under a state home's
/// `cdwally/`: that folder itself, whatever the library, since resume points and listens
/// belong to the albums and not to the library's path (docs/PRODUCT.md §11). Libraries' own
/// folders below it hold only their notes.
public func libraryStateFolder(under cdwallyState: String) throws -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: cdwallyState, isDirectory: &isDirectory),
        isDirectory.boolValue
    else {
        throw TestFailure("no state folder at \(cdwallyState)")
    }
    return cdwallyState
}
