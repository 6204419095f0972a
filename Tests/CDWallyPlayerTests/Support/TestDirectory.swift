import CDWallyCore
import Foundation

/// A fresh directory under the system temp folder, unique per test so parallel tests never
/// meet; `remove()` deletes it with everything inside.
struct TestDirectory {
    let url: URL

    init(_ label: String = "cdwally-player") throws {
        var template = Array((NSTemporaryDirectory() + "/\(label)-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let created else { throw CocoaError(.fileWriteUnknown) }
        url = URL(fileURLWithPath: String(cString: created), isDirectory: true)
    }

    var path: RawPath { RawPath(url.path) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
