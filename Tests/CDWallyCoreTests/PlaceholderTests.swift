import Testing

@testable import CDWallyCore

@Test func placeholder() { #expect(1 + 1 == 2) }
