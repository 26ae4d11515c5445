import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// `submitProcessingNow` (the replay harness's entry point) starts the queue on the caller's thread;
/// it must keep `submit`'s order, deadlines and `settle()` behaviour.
@Suite("submitProcessingNow")
struct SDKSubmitProcessingNowTests {
    static let short = "https://app.onelink.me/H5hv/abc"

    @Test("backends that answer at once: the callback is delivered before the call returns")
    func deliveredBeforeReturn() async {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]])
        fixture.sdk.callbackDelivery = .sdkQueue
        fixture.sdk.submitProcessingNow(.universalLink(Self.short))
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            #expect(fixture.sdk.isIdle)
            #expect(fixture.sdk.deliveredEvents.count == 1)
        }
        await fixture.sdk.settle()
        #expect(fixture.sdk.deliveredEvents.count == 1)
        #expect(fixture.sdk.deliveredEvents.first?.payload?["deep_link_value"] == "x")
        #expect(fixture.delegate.callbacks.count == 1)
        #expect(fixture.clock.sleeperCount == 0)
    }

    @Test(
        "a backend waiting on the clock: the call returns undelivered, settle() returns, advancing delivers")
    func waitsOnTheClock() async {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]])
        fixture.resolver.behavior = .delayed(.milliseconds(800))
        fixture.sdk.submitProcessingNow(.universalLink(Self.short))
        await fixture.sdk.settle()
        #expect(!fixture.sdk.isIdle)
        #expect(fixture.sdk.deliveredEvents.isEmpty)
        await fixture.clock.advance(by: .milliseconds(799))
        await fixture.sdk.settle()
        #expect(fixture.sdk.deliveredEvents.isEmpty)
        await fixture.clock.advance(by: .milliseconds(1))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents.first?.payload?["deep_link_value"] == "x")
        #expect(fixture.clock.sleeperCount == 0)
    }

    @Test("a stalled backend times out after deepLinkTimeout counted from the call; no timer is left")
    func stalledTimesOut() async {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]])
        fixture.resolver.behavior = .stalled
        fixture.sdk.submitProcessingNow(.universalLink(Self.short))
        await fixture.sdk.settle()
        await fixture.clock.advance(by: .milliseconds(2999))
        await fixture.sdk.settle()
        #expect(fixture.sdk.deliveredEvents.isEmpty)
        await fixture.clock.advance(by: .milliseconds(1))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents == [.appOpenAttributionFailure(.timedOut(milliseconds: 3000))])
        #expect(fixture.clock.sleeperCount == 0)
    }

    @Test("an action submitted behind a waiting one is processed after it, in order")
    func keepsQueueOrder() async {
        let fixture = SDKFixture(links: [
            "H5hv/abc": ["deep_link_value": "x"], "H5hv/def": ["deep_link_value": "y"],
        ])
        fixture.resolver.behavior = .delayed(.milliseconds(100))
        fixture.sdk.submitProcessingNow(.universalLink(Self.short))
        await fixture.sdk.settle()
        fixture.resolver.behavior = .immediate
        fixture.sdk.submitProcessingNow(.universalLink("https://app.onelink.me/H5hv/def"))
        #expect(fixture.sdk.deliveredEvents.isEmpty)
        await fixture.clock.advance(by: .milliseconds(100))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents.map { $0.payload?["deep_link_value"] } == ["x", "y"])
    }

    @Test(
        "settle() runs what plain calls queued, in order, and still returns when a backend waits on the clock"
    )
    func settleRunsQueuedCalls() async {
        let fixture = SDKFixture(links: [
            "H5hv/abc": ["deep_link_value": "x"], "H5hv/def": ["deep_link_value": "y"],
        ])
        fixture.sdk.callbackDelivery = .sdkQueue
        fixture.resolver.behavior = .delayed(.milliseconds(100))
        fixture.sdk.submit(.universalLink(Self.short))
        fixture.sdk.submit(.universalLink("https://app.onelink.me/H5hv/def"))
        await fixture.sdk.settle()
        #expect(!fixture.sdk.isIdle, "blocked on the clock, not deadlocked in settle()")
        #expect(fixture.sdk.deliveredEvents.isEmpty)
        fixture.resolver.behavior = .immediate
        await fixture.clock.advance(by: .milliseconds(100))
        await fixture.sdk.settle()
        #expect(fixture.sdk.isIdle)
        #expect(fixture.sdk.deliveredEvents.map { $0.payload?["deep_link_value"] } == ["x", "y"])
        fixture.sdk.submit(.universalLink(Self.short))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents.count == 3)
        #expect(fixture.clock.sleeperCount == 0)
    }
}
