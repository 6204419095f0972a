/// An error a test helper throws when its setup fails, with a message saying what.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
