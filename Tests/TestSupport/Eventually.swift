/// Polls `condition` until it holds or `timeout` passes; true when it held. The timeout
/// is generous: these tests share two cores with other builds.
public func eventually(
    timeout: Duration = .seconds(30), _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(25))
    }
    return try await condition()
}
