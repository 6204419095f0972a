/// Waits for `condition` by polling, with a timeout generous enough for a loaded 2-core
/// machine. Returns whether it came true; tests `#expect` on that.
func eventually(
    timeout: Duration = .seconds(30), every interval: Duration = .milliseconds(20),
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return try await condition()
}
