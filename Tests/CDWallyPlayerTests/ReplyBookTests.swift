import Testing

@testable import CDWallyPlayer

@Suite struct ReplyBookTests {
    @Test func aReplyIsAnsweredOnceAndLoadsCountUp() {
        var book = ReplyBook()
        #expect(book.load == 0)
        let load = book.beginLoad()
        #expect(load == 1 && book.beginLoad() == 2)
        book.posted(7, for: .appended(load: 2, index: 0))
        book.posted(8, for: .seek(load: 2, seconds: 3))
        #expect(book.outstanding == 2)
        #expect(book.answer(8) == .seek(load: 2, seconds: 3))
        #expect(book.answer(8) == nil)
        // A reply the engine never asked for (a probe, an observed property).
        #expect(book.answer(99) == nil)
        #expect(book.answer(7) == .appended(load: 2, index: 0))
        #expect(book.outstanding == 0)
    }
}
