import CDWallyCore
import Foundation
import TestSupport

/// Fixtures copied under any name, raw bytes included.
extension TemporaryDirectory {
    /// Copies a fixture into this directory under `name`, given as raw bytes so that the
    /// name need not be UTF-8.
    func copy(fixture: String, as name: RawPath) throws -> RawPath {
        let target = path.appending(name)
        let bytes = try Fixtures.bytes(fixture)
        let descriptor = target.withCString { open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw POSIXError(.EIO) }
        return target
    }

    func copy(fixture: String) throws -> RawPath {
        try copy(fixture: fixture, as: RawPath(fixture))
    }
}
