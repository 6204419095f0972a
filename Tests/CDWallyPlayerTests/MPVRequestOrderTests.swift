import CDWallyCore
import Foundation
import TestSupport
import Testing

@testable import CDWallyPlayer

/// The engine posts requests that depend on each other without waiting for the replies
/// between them (`MPVHandle.post`): a track appended, then the index played, then a seek in
/// it; a level set, then another. client.h allows asynchronous requests to be reordered;
/// mpv's code runs them, and answers them, in the order they were sent
/// (docs/PLATFORM-NOTES.md §1, "Request order"). These pin that against the real libmpv, so
/// an mpv that starts reordering fails here before it scrambles a disc.
@Suite struct MPVRequestOrderTests {
    private func makeHandle(_ recorder: MPVEventRecorder) throws -> MPVHandle {
        let mpv = try MPVHandle(options: MPVOption.embedded + [MPVOption("ao", "null")])
        mpv.startEvents { recorder.record($0) }
        return mpv
    }

    private func replies(_ recorder: MPVEventRecorder) -> [(id: UInt64, reply: MPVReply)] {
        recorder.all.compactMap { event in
            if case .reply(let id, let reply) = event { return (id, reply) }
            return nil
        }
    }

    @Test func postedRequestsRunAndAreAnsweredInTheOrderSent() async throws {
        let recorder = MPVEventRecorder()
        let mpv = try makeHandle(recorder)
        defer { mpv.quit() }
        // 300 pairs, all posted before any reply: a level set, then the level read back.
        var sent: [UInt64] = []
        var reads: [(id: UInt64, level: Int)] = []
        for step in 1...300 {
            let level = step % 101
            sent.append(try mpv.post(.set("volume", .double(Double(level)))))
            let read = try mpv.post(
                .command(.array([.string("expand-text"), .string("${volume}")]), name: "read"))
            sent.append(read)
            reads.append((read, level))
        }
        #expect(await eventually { replies(recorder).count >= sent.count })
        let answered = replies(recorder)
        #expect(answered.map(\.id) == sent, "the replies came in another order than the requests")
        #expect(answered.allSatisfy { $0.reply.status >= 0 })
        let values = Dictionary(
            answered.map { ($0.id, $0.reply.value) }, uniquingKeysWith: { first, _ in first })
        let wrong = reads.filter { read in
            guard case .string(let text)? = values[read.id], let level = Double(text) else { return true }
            return Int(level.rounded()) != read.level
        }
        #expect(wrong.isEmpty, "\(wrong.count) reads saw another level than the set just before them")
    }

    @Test func aTrackPostedThenPlayedPlaysFromItsPlace() async throws {
        let recorder = MPVEventRecorder()
        let mpv = try makeHandle(recorder)
        defer { mpv.quit() }
        // Two appends and the play of the second, posted with no reply awaited, as the engine
        // loads a disc: played before its append, the index would be refused on an empty
        // playlist; appended in another order, the wrong track would play.
        let path = RawPath(TestLibrary.fixtures + "/long.flac")
        let first = try mpv.post(.append(path))
        let second = try mpv.post(.append(path, options: ["start": "25"]))
        let play = try mpv.post(.playIndex(1))
        #expect(await eventually { replies(recorder).count >= 3 })
        #expect(replies(recorder).map(\.id) == [first, second, play])
        #expect(replies(recorder).allSatisfy { $0.reply.status >= 0 }, "\(replies(recorder))")
        #expect(await eventually { recorder.all.contains(.playbackRestart) })
        // mpv seeks to the sample nearest 25 s, which may read back a hair short of it.
        let position = try await mpv.property("time-pos")?.doubleValue
        #expect((position ?? 0) >= 24.9, "played from \(position ?? -1) s, not from the second entry's 25 s")
    }
}
