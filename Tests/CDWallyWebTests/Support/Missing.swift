/// A value a test needed was not there.
struct Missing: Error {}

/// The value, or a `Missing` error; for optionals inside throwing helpers where `#require`
/// cannot go.
func unwrap<T>(_ value: T?) throws -> T {
    guard let value else { throw Missing() }
    return value
}
