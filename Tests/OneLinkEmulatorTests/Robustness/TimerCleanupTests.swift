import Foundation
import OneLinkEmulator
import OneLinkTestSoak
import Testing

/// A backend call that answered must not leave its timeout timer on the clock once its callbacks are delivered.
///
/// Found by `onelink-bench`: about one replay in a thousand of `rule-05-udl-deferred-window.json`
/// saw the cancelled 10 s conversion-data timer as a pending deadline during `reinstall`, so the
/// replay harness moved the clock 10 s and the next install time was off by 10 s.
@Suite(.tags(.soak), .timeLimit(.minutes(10))) struct TimerCleanupTests {
    @Test(
        "After start and a short link are delivered, no deadline is left on the manual clock (3,000 runs as a soak)"
    )
    func noStaleTimers() async throws {
        for run in 0..<Soak.count(3_000, quick: 40) {
            let fixture = SDKFixture(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], udl: run.isMultiple(of: 2))
            let session = await fixture.sdk.perform(.start)
            #expect(fixture.clock.nextDeadline == nil, "run \(run): after start: \(session)")
            let opened = await fixture.sdk.perform(
                .universalLink("https://onelink-basic-app.onelink.me/H5hv/6d66214a"))
            #expect(fixture.clock.nextDeadline == nil, "run \(run): after the link: \(opened)")
            try #require(fixture.clock.sleeperCount == 0)
        }
    }
}
