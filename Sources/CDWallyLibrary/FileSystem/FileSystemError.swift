import CDWallyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system call on a path that failed, with the system's own words for why.
public struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: RawPath
    public var operation: String
    public var code: Int32

    public init(path: RawPath, operation: String, code: Int32) {
        self.path = path
        self.operation = operation
        self.code = code
    }

    public var reason: String { String(cString: strerror(code)) }
    public var description: String { "cannot \(operation) \(path.display): \(reason)" }
}
