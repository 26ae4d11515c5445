import Foundation
import OneLinkEmulator
import OneLinkHTTP
import OneLinkReplay
import OneLinkServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP resolver against the package's own server on loopback.
enum HTTPBenchmark {
    static let link = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"
    static let request = ShortLinkRequest(
        host: "onelink-basic-app.onelink.me", template: "H5hv", shortID: "6d66214a", link: link)

    /// A server on 127.0.0.1 with one short link, and `faults`.
    static func startServer(faults: FaultPlan = .none) async throws -> OneLinkServer {
        let server = try OneLinkServer(
            configuration: .init(
                shortLinkResolver: .inMemory(links: [
                    "H5hv/6d66214a": ["deep_link_value": "apples", "pid": "Email"]
                ]),
                faultPlan: faults))
        try await server.start()
        return server
    }

    /// The `fraction` quantile of `samples`.
    static func quantile(_ samples: [Duration], _ fraction: Double) -> Duration {
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
    }

    /// One plain `URLSession` GET, the baseline; the body's byte count.
    static func plainGet(_ url: URL, on session: URLSession) async -> Int {
        await withCheckedContinuation { continuation in
            session.dataTask(with: url) { data, _, _ in continuation.resume(returning: data?.count ?? -1) }
                .resume()
        }
    }

    /// Latency of `HTTPShortLinkResolver.resolve` against the same URL fetched with a plain `URLSession` GET.
    static func latency(samples: Int) async -> [BenchmarkRow] {
        do {
            let server = try await startServer()
            defer { Task { await server.stop() } }
            let resolver = try HTTPShortLinkResolver(baseURL: server.baseURL)
            let url = try require(
                URL(string: server.baseURL.absoluteString + "/shortlink-sdk/v2/H5hv?id=6d66214a"))
            let session = URLSession(configuration: .ephemeral)
            var ours: [Duration] = []
            var baseline: [Duration] = []
            var failures = 0
            for round in 0..<(samples + 50) {
                // Interleaved, so both see the same machine load.
                let started = ContinuousClock.now
                if (try? await resolver.resolve(request))?["deep_link_value"] != "apples" { failures += 1 }
                let middle = ContinuousClock.now
                if await plainGet(url, on: session) <= 0 { failures += 1 }
                let ended = ContinuousClock.now
                if round >= 50 {
                    ours.append(middle - started)
                    baseline.append(ended - middle)
                }
            }
            session.invalidateAndCancel()
            let ratio = Format.seconds(quantile(ours, 0.5)) / Format.seconds(quantile(baseline, 0.5))
            return [
                BenchmarkRow(
                    name: "HTTP resolver on loopback, p50 / p99 of \(samples), \(failures) failed",
                    result: Format.milliseconds(quantile(ours, 0.5)) + " / "
                        + Format.milliseconds(quantile(ours, 0.99)),
                    baseline: Format.milliseconds(quantile(baseline, 0.5)) + " / "
                        + Format.milliseconds(quantile(baseline, 0.99)) + " URLSession GET",
                    ratio: Format.fixed(ratio, 2) + "x at p50", target: "p50 <= 1.5x baseline",
                    met: failures == 0 && ratio <= 1.5)
            ]
        } catch {
            return [failedRow("HTTP resolver latency", error)]
        }
    }

    /// `count` SDK instances resolving the short link over HTTP at once.
    static func concurrent(count: Int) async -> [BenchmarkRow] {
        do {
            let server = try await startServer()
            defer { Task { await server.stop() } }
            let resolver = try HTTPShortLinkResolver(baseURL: server.baseURL)
            let started = ContinuousClock.now
            let succeeded = await ConcurrencyBenchmark.resolveAtOnce(count: count, link: link) {
                AppsFlyerLib(shortLinkResolver: resolver)
            }
            let elapsed = ContinuousClock.now - started

            let url = try require(
                URL(string: server.baseURL.absoluteString + "/shortlink-sdk/v2/H5hv?id=6d66214a"))
            let session = URLSession(configuration: .ephemeral)
            let baselineStarted = ContinuousClock.now
            let baselineSucceeded = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<count { group.addTask { await plainGet(url, on: session) > 0 } }
                var succeeded = 0
                for await success in group where success { succeeded += 1 }
                return succeeded
            }
            let baseline = ContinuousClock.now - baselineStarted
            session.invalidateAndCancel()
            return [
                BenchmarkRow(
                    name: "\(count) concurrent HTTP resolutions through the SDK (deepLinkTimeout 3000 ms)",
                    result: "\(succeeded)/\(count) succeeded in " + Format.milliseconds(elapsed),
                    baseline: "\(baselineSucceeded)/\(count) URLSession GETs in "
                        + Format.milliseconds(baseline),
                    ratio: Format.fixed(Format.seconds(elapsed) / Format.seconds(baseline), 2)
                        + "x baseline time",
                    target: "all succeed", met: succeeded == count)
            ]
        } catch {
            return [failedRow("concurrent HTTP resolutions", error)]
        }
    }

    /// `deepLinkTimeout` against the server's short-link route stalled for a minute.
    static func timeout(timeoutMilliseconds: UInt, rounds: Int) async -> [BenchmarkRow] {
        do {
            let server = try await startServer(
                faults: FaultPlan([.route(.shortLink): [.delay(.seconds(60))]]))
            defer { Task { await server.stop() } }
            let sdk = AppsFlyerLib(shortLinkResolver: try HTTPShortLinkResolver(baseURL: server.baseURL))
            return [
                await TimeoutBenchmark.row(
                    sdk: sdk, timeoutMilliseconds: timeoutMilliseconds, rounds: rounds,
                    against: "server's stalled short-link route")
            ]
        } catch {
            return [failedRow("deepLinkTimeout against the server", error)]
        }
    }

    static func failedRow(_ name: String, _ error: any Error) -> BenchmarkRow {
        BenchmarkRow(
            name: name, result: "could not run: \(error)", baseline: "-", ratio: "-", target: "-", met: false)
    }
}

/// Unwraps a value the benchmark cannot do without.
func require<Value>(_ value: Value?) throws -> Value {
    guard let value else { throw BenchmarkError(description: "missing value") }
    return value
}

/// A benchmark that could not be set up.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
}
