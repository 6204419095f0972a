/// Polls `condition` until it holds or `timeout` passes; true when it held. The timeout is
/// generous (these tests share two cores with other builds); tests `#expect` on the result.
/// It sleeps between polls, so it never holds a thread of the cooperative pool.
public func eventually(
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
