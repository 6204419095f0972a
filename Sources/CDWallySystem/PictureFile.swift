import CDWallyCore

#if canImport(Glibc)
    import Glibc
#endif

/// A cover picture's bytes, for the workers that decode one (the web's thumbnails, the
/// terminal's disc). Covers are a few MB at most: a larger "picture" is refused before it is
/// read into memory.
public enum PictureFile {
    public static let largest = 64 << 20

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func contents(of path: RawPath) throws(Failure) -> [UInt8] {
        let status: FileStatus
        switch FileStatus.lookUp(path) {
        case .found(let found, _): status = found
        case .failed(let code):
            throw Failure(description: "cannot read \(path.display): \(ErrnoText.of(code))")
        }
        guard status.size <= largest else {
            throw Failure(description: "\(path.display) is over \(largest >> 20) MB")
        }
        let bytes: [UInt8]?
        do { bytes = try AtomicFile.contents(of: path) } catch {
            throw Failure(description: error.description)
        }
        guard let bytes else { throw Failure(description: "\(path.display) is gone") }
        return bytes
    }
}
