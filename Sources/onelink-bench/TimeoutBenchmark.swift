import OneLinkEmulator
import OneLinkReplay

/// How late `deepLinkTimeout` fires against a resolver that never answers, on the real clock.
enum TimeoutBenchmark {
    static let link = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"

    /// Opens a short link `rounds` times against a stalled in-memory resolver; the worst delay counts.
    static func run(timeoutMilliseconds: UInt, rounds: Int) async -> [BenchmarkRow] {
        let clock = SystemClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(behavior: .stalled, clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock), clock: clock)
        return [
            await row(
                sdk: sdk, timeoutMilliseconds: timeoutMilliseconds, rounds: rounds,
                against: "stalled in-memory resolver")
        ]
    }

    /// Opens the short link `rounds` times on `sdk` with `deepLinkTimeout` set, and as many
    /// `Task.sleep`s of the timeout as the baseline; the worst delay of each counts.
    static func row(
        sdk: AppsFlyerLib, timeoutMilliseconds: UInt, rounds: Int, against backend: String
    ) async -> BenchmarkRow {
        sdk.deepLinkTimeout = timeoutMilliseconds
        let expected: [AppsFlyerEvent] = [
            .appOpenAttributionFailure(.timedOut(milliseconds: Int(timeoutMilliseconds)))
        ]
        var worst = Duration.zero
        var allTimedOut = true
        for _ in 0..<rounds {
            let started = ContinuousClock.now
            let events = await sdk.perform(.universalLink(link))
            worst = max(worst, ContinuousClock.now - started)
            if events != expected { allTimedOut = false }
        }
        var baselineWorst = Duration.zero
        for _ in 0..<rounds {
            let started = ContinuousClock.now
            try? await Task.sleep(for: .milliseconds(Int(timeoutMilliseconds)))
            baselineWorst = max(baselineWorst, ContinuousClock.now - started)
        }
        return BenchmarkRow(
            name: "deepLinkTimeout \(timeoutMilliseconds) ms, \(backend), worst of \(rounds)",
            result: "fired after " + Format.milliseconds(worst),
            baseline: Format.milliseconds(baselineWorst) + " Task.sleep(\(timeoutMilliseconds) ms)",
            ratio: Format.signedMilliseconds(worst - baselineWorst),
            target: "<= timeout + 50 ms",
            met: allTimedOut && worst <= .milliseconds(Int(timeoutMilliseconds) + 50))
    }
}
