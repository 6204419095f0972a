import Testing

@testable import CDWallyPlayer

/// The output's condition through scripted mpv reports, without mpv: open or not, a stall and
/// its end said once each, the null fallback said once per player.
@Suite struct OutputConditionTests {
    @Test func anOutputIsOpenWhileMPVNamesOne() {
        var output = OutputCondition()
        #expect(!output.isOpen)
        #expect(output.apply(.reported("pipewire", discLoaded: true, nullWanted: false)) == [])
        #expect(output.isOpen && output.name == "pipewire")
        output.apply(.reported(nil, discLoaded: true, nullWanted: false))
        #expect(!output.isOpen && output.name == nil)
    }

    @Test func aStallAndItsEndAreEachSaidOnce() {
        var output = OutputCondition()
        #expect(output.apply(.answered) == [])
        #expect(output.apply(.stalled) == [.announceStall])
        #expect(output.isStalled)
        #expect(output.apply(.stalled) == [])
        #expect(output.apply(.answered) == [.bringBack])
        #expect(!output.isStalled)
        #expect(output.apply(.answered) == [])
        #expect(output.apply(.stalled) == [.announceStall])
    }

    @Test func theNullFallbackIsSaidOncePerPlayer() {
        var output = OutputCondition()
        let null = OutputCondition.Event.reported("null", discLoaded: true, nullWanted: false)
        #expect(output.apply(null) == [.warnOfNullFallback])
        #expect(output.hasWarnedOfNull && output.isOpen)
        output.apply(.reported(nil, discLoaded: false, nullWanted: false))
        #expect(output.apply(null) == [])
    }

    /// No disc loaded (mpv's idle output) or a null output asked for: nothing fell back.
    @Test func aNullOutputWithoutADiscOrAskedForIsNoFallback() {
        var output = OutputCondition()
        #expect(output.apply(.reported("null", discLoaded: false, nullWanted: false)) == [])
        #expect(output.apply(.reported("null", discLoaded: true, nullWanted: true)) == [])
        #expect(!output.hasWarnedOfNull)
        #expect(output.apply(.reported("null", discLoaded: true, nullWanted: false)) == [.warnOfNullFallback])
    }
}
