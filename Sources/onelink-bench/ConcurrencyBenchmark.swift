import OneLinkEmulator
import OneLinkReplay

/// Many SDK instances resolving short links at the same time through one resolver.
enum ConcurrencyBenchmark {
    static let link = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"

    /// Starts `count` resolutions at once against an in-memory resolver that answers after `latency`.
    static func run(count: Int, latency: Duration) async -> [BenchmarkRow] {
        let clock = SystemClock()
        let resolver = InMemoryShortLinkResolver(
            links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], behavior: .delayed(latency), clock: clock
        )
        let started = ContinuousClock.now
        let succeeded = await resolveAtOnce(count: count, link: link) {
            AppsFlyerLib(shortLinkResolver: resolver, clock: clock)
        }
        let elapsed = ContinuousClock.now - started

        let baselineStarted = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<count { group.addTask { try? await Task.sleep(for: latency) } }
        }
        let baseline = ContinuousClock.now - baselineStarted
        return [
            BenchmarkRow(
                name:
                    "\(count) concurrent short-link resolutions (in-memory, \(Format.milliseconds(latency)) latency)",
                result: "\(succeeded)/\(count) succeeded in " + Format.milliseconds(elapsed),
                baseline: Format.milliseconds(baseline) + " for \(count) concurrent Task.sleep",
                ratio: Format.fixed(Format.seconds(elapsed) / Format.seconds(baseline), 2)
                    + "x baseline time",
                target: "all succeed", met: succeeded == count)
        ]
    }

    /// Opens `link` on `count` SDKs that `makeSDK` builds, all at once.
    ///
    /// - Returns: How many delivered the link's `deep_link_value` "apples".
    static func resolveAtOnce(
        count: Int, link: String, _ makeSDK: @escaping @Sendable () -> AppsFlyerLib
    ) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    let events = await makeSDK().perform(.universalLink(link))
                    guard events.count == 1, case .appOpenAttribution(let payload) = events[0] else {
                        return false
                    }
                    return payload["deep_link_value"] == "apples"
                }
            }
            var succeeded = 0
            for await success in group where success { succeeded += 1 }
            return succeeded
        }
    }
}
