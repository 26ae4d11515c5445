import OneLinkEmulator
import OneLinkReplay

/// Resident memory after many emulated app sessions, each a fresh SDK that starts and opens a link.
enum MemoryBenchmark {
    /// The short link every replay's resolver knows.
    static let shortLink = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"

    static let shortLinks: [String: AttributionPayload] = [
        "H5hv/6d66214a": ["deep_link_value": "apples", "fruit_amount": 26, "pid": "Email"]
    ]

    /// One replay: a fresh install starts a session and opens a link; `true` when both callbacks arrived.
    static func replay(link: String) async -> Bool {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(links: shortLinks, clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock),
            deferredDeepLinkSource: .inMemory(clock: clock), deviceStore: .inMemory(), clock: clock)
        sdk.setCredentials(devKey: "DEV_KEY", appID: "123456789")
        let session = await sdk.perform(.start)
        let opened = await sdk.perform(.universalLink(link))
        guard session.count == 1, case .conversionDataSuccess = session[0] else { return false }
        guard opened.count == 1, case .appOpenAttribution = opened[0] else { return false }
        return true
    }

    /// Replays up to `total` sessions, sampling memory after `first` and after `total`.
    static func run(first: Int, total: Int, links: [String]) async -> [BenchmarkRow] {
        var failures = 0
        for index in 0..<1_000 where await !replay(link: links[index % links.count]) { failures += 1 }
        let before = ResidentMemory.bytes()
        for index in 0..<first where await !replay(link: links[index % links.count]) { failures += 1 }
        let atFirst = ResidentMemory.bytes()
        let started = ContinuousClock.now
        for index in first..<total where await !replay(link: links[index % links.count]) { failures += 1 }
        let elapsed = ContinuousClock.now - started
        let atTotal = ResidentMemory.bytes()
        let growth = Double(atTotal - atFirst) / Double(atFirst) * 100
        let rate = Double(total - first) / Format.seconds(elapsed)
        return [
            BenchmarkRow(
                name:
                    "resident memory after \(first) / \(total) SDK replays (start + link), \(failures) failed",
                result: Format.mebibytes(atFirst) + " / " + Format.mebibytes(atTotal),
                baseline: Format.mebibytes(before) + " after 1000 warm-up replays",
                ratio: (growth >= 0 ? "+" : "") + Format.fixed(growth, 2) + "% from \(first) to \(total)",
                target: "growth <= 5%", met: growth <= 5 && failures == 0),
            BenchmarkRow(
                name: "SDK replay rate: fresh SDK, start + link, one at a time as in a consumer's test",
                result: Format.rate(rate, unit: "replays"),
                baseline: "-", ratio: Format.fixed(rate / 25_000 * 100, 0) + "% of the target rate",
                target: ">= 25k replays/s", met: rate >= 25_000 && failures == 0),
        ]
    }
}
