import Testing

@Test func placeholderCDWallyPlayerTests() { #expect(Bool(true)) }
