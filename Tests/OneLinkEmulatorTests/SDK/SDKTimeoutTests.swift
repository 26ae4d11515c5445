import Foundation
import OneLinkEmulator
import Testing

@Suite("deepLinkTimeout", .timeLimit(.minutes(5)))
struct SDKTimeoutTests {
    static let short = "https://app.onelink.me/H5hv/abc"

    @Test("Rule 6: a stalled resolution fails with a timeout after deepLinkTimeout (default 3000 ms)")
    func stalledTimesOut() async {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]])
        #expect(fixture.sdk.deepLinkTimeout == 3000)
        fixture.resolver.behavior = .stalled
        fixture.sdk.submit(.universalLink(Self.short))
        await fixture.sdk.settle()
        await fixture.clock.advance(by: .milliseconds(2999))
        await fixture.sdk.settle()
        #expect(fixture.sdk.deliveredEvents.isEmpty)
        await fixture.clock.advance(by: .milliseconds(1))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents == [.appOpenAttributionFailure(.timedOut(milliseconds: 3000))])
    }

    @Test("Rule 6: in UDL mode the timeout is a .failure with kind TIMEOUT, and the late answer is dropped")
    func lateAnswerDropped() async {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]], udl: true)
        await fixture.sdk.perform(.start)
        let before = fixture.sdk.deliveredEvents.count
        fixture.sdk.deepLinkTimeout = 500
        fixture.resolver.behavior = .delayed(.milliseconds(800))
        fixture.sdk.submit(.universalLink(Self.short))
        await fixture.sdk.settle()
        await fixture.clock.advance(by: .milliseconds(500))
        await fixture.sdk.waitUntilIdle()
        await fixture.clock.advance(by: .milliseconds(300))
        await fixture.sdk.waitUntilIdle()
        let delivered = Array(fixture.sdk.deliveredEvents.dropFirst(before))
        #expect(delivered == [.deepLink(.failure(.timedOut(milliseconds: 500)))])
        #expect(delivered.first?.error?.kind == .timeout)
    }

    @Test("Rule 6: an answer within the timeout is delivered")
    func answerWithinTimeout() async {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]])
        fixture.resolver.behavior = .delayed(.milliseconds(2999))
        fixture.sdk.submit(.universalLink(Self.short))
        await fixture.sdk.settle()
        await fixture.clock.advance(by: .milliseconds(2999))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents.first?.payload?["deep_link_value"] == "x")
    }

    @Test("Rule 6: the deadline counts from when the link was handed over")
    func deadlineFromReceipt() async {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]])
        fixture.resolver.behavior = .delayed(.milliseconds(3500))
        // Both links are handed over at once; the second waits in the queue while the first times
        // out at 3000 ms. Counted from its hand-over, the second's deadline has passed by then too.
        fixture.sdk.submit(.universalLink(Self.short))
        fixture.sdk.submit(.universalLink(Self.short))
        await fixture.clock.advance(by: .seconds(4))
        #expect(
            fixture.sdk.deliveredEvents
                == Array(repeating: .appOpenAttributionFailure(.timedOut(milliseconds: 3000)), count: 2))
    }
}
