import Testing

@testable import CDWallyPlayer

/// The waiters for mpv's confirmation, without mpv: numbers never given twice, each waiter
/// answered once, all of them in the order they came.
@Suite struct WaiterBookTests {
    @Test func aWaiterIsTakenOnceAndItsNumberNeverComesBack() {
        var book = WaiterBook<String>()
        let first = book.number()
        book.add("first", as: first)
        #expect(book.take(first) == "first")
        // Its timeout fires late: nothing to answer.
        #expect(book.take(first) == nil)
        let second = book.number()
        #expect(second != first)
        book.add("second", as: second)
        #expect(book.take(first) == nil && book.count == 1)
    }

    @Test func allWaitersAreTakenOldestFirst() {
        var book = WaiterBook<Int>()
        for _ in 0..<12 {
            let number = book.number()
            book.add(number, as: number)
        }
        #expect(book.take(5) == 5)
        #expect(book.takeAll() == [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11])
        #expect(book.count == 0 && book.takeAll().isEmpty)
        #expect(book.nextNumber == 12)
    }
}
