import Testing

@Test func placeholderCDWallyRemoteTests() { #expect(Bool(true)) }
