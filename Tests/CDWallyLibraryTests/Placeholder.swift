import Testing

@Test func placeholderCDWallyLibraryTests() { #expect(Bool(true)) }
