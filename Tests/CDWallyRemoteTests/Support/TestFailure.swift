/// An error a test helper throws when its setup fails, with a message saying what.
struct TestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
