import Foundation
import OneLinkEmulator
import OneLinkSupport

/// `serve` as a backend team's load test drives it: one `onelink-replay serve` child, 100 keep-alive
/// connections, and for each route its requests per second and p50/p99 latency, as a ratio to the
/// limit AppsFlyer documents for it (issue 52).
///
/// The documented limits: 1,000 requests per second for the OneLink API
/// (https://dev.appsflyer.com/hc/reference/onelinkapi_v2_overview), 60,000 S2S posts a minute
/// (https://support.appsflyer.com/hc/en-us/articles/207034486). Clicks have no documented limit;
/// their row uses the OneLink API's. The target on 2 cores: ten times each limit with p99 under
/// 50 ms, and the v2.0 get at least as fast as v1's get of the same link.
enum ServeLoadBenchmark {
    /// One route's figures.
    struct Figures {
        var perSecond: Double
        var p50: Duration
        var p99: Duration
        var failed: Int
        var firstError: String?

        var summary: String {
            Format.rate(perSecond, unit: "req") + ", p50 " + Format.milliseconds(p50) + ", p99 "
                + Format.milliseconds(p99) + (failed > 0 ? ", \(failed) failed" : "")
        }
    }

    static let token = "BENCH_TOKEN"
    static let s2sKey = "BENCH_S2S_KEY"
    /// Limits lifted out of the way and clicks that never fill the store: the bench measures the
    /// server, not its documented 429s and 503s.
    static let flags = [
        "--onelink-api-token", token, "--s2s-key", s2sKey, "--onelink-rate-limit", "100000000",
        "--onelink-quota", "100000000", "--max-links", "100000000", "--click-overflow", "drop-oldest",
        "--request-history", "1000",
    ]

    /// Measures every route over `connections` connections, `requests` requests each.
    static func run(connections: Int, requests: Int, progress: (String) -> Void) -> [BenchmarkRow] {
        let server: SoakBenchmark.Server
        do {
            server = try SoakBenchmark.Server(flags: flags)
        } catch {
            return [failedRow("serve load", "\(error)")]
        }
        defer { server.stop() }
        let port = server.port
        guard let v2ID = create(port: port, path: "/api/v2.0/shortlinks/H5hv", id: "benchv2"),
            let v1ID = create(port: port, path: "/shortlink/v1/H5hv?id=benchv1", id: "benchv1")
        else { return [failedRow("serve load", "could not create the links to read")] }
        let routes: [(name: String, limit: Double, expected: Int, request: @Sendable (Int) -> [UInt8])] = [
            ("v2.0 GET of one link", 1_000, 200, { _ in get("/api/v2.0/shortlinks/H5hv/\(v2ID)") }),
            ("v1 GET of one link", 1_000, 200, { _ in get("/shortlink/v1/H5hv?id=\(v1ID)") }),
            ("v2.0 create", 1_000, 200, { index in createRequest(index) }),
            ("S2S event post", 1_000, 200, { index in s2sRequest(index) }),
            ("short-link click", 1_000, 302, { index in clickRequest(index) }),
        ]
        var figures: [String: Figures] = [:]
        var rows: [BenchmarkRow] = []
        for route in routes {
            progress("serve: \(route.name), \(connections) connections x \(requests) requests")
            let measured = drive(
                port: port, connections: connections, requests: requests, expected: route.expected,
                request: route.request)
            figures[route.name] = measured
            let times = measured.perSecond / route.limit
            rows.append(
                BenchmarkRow(
                    name: "serve: \(route.name) (\(connections) connections)", result: measured.summary,
                    baseline: Format.rate(route.limit, unit: "req") + " documented",
                    ratio: Format.fixed(times, 1) + "x the limit",
                    target: ">= 10x the limit, p99 < 50 ms",
                    met: times >= 10 && measured.p99 < .milliseconds(50) && measured.failed == 0))
        }
        if let v2 = figures["v2.0 GET of one link"], let v1 = figures["v1 GET of one link"] {
            rows.append(
                BenchmarkRow(
                    name: "serve: v2.0 GET against v1 GET of the same kind of link",
                    result: Format.rate(v2.perSecond, unit: "req"),
                    baseline: Format.rate(v1.perSecond, unit: "req"),
                    ratio: Format.fixed(v2.perSecond / v1.perSecond, 2) + "x",
                    target: "v2.0 >= 0.95x v1 (same run)", met: v2.perSecond >= 0.95 * v1.perSecond))
        }
        return rows
    }

    static func failedRow(_ name: String, _ why: String) -> BenchmarkRow {
        BenchmarkRow(
            name: name, result: "failed: \(why.prefix(120))", baseline: "-", ratio: "-", target: "runs",
            met: false)
    }

    static func get(_ target: String) -> [UInt8] {
        Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nauthorization: \(token)\r\n\r\n".utf8)
    }

    static func post(_ target: String, body: String, headers: String) -> [UInt8] {
        Array(
            ("POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Content-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)").utf8)
    }

    static func createRequest(_ index: Int) -> [UInt8] {
        post(
            "/api/v2.0/shortlinks/H5hv", body: #"{"data":{"pid":"load","c":"bench","af_sub1":"\#(index)"}}"#,
            headers: "authorization: \(token)\r\n")
    }

    static func s2sRequest(_ index: Int) -> [UInt8] {
        post(
            "/inappevent/id1234567890",
            body:
                #"{"appsflyer_id":"1600000000000-\#(index)","eventName":"af_purchase","eventValue":"{\"af_revenue\":\"6\"}"}"#,
            headers: "authentication: \(s2sKey)\r\n")
    }

    static func clickRequest(_ index: Int) -> [UInt8] {
        Array(
            ("GET /H5hv/6d66214a?af_sub2=\(index) HTTP/1.1\r\nHost: onelink-basic-app.onelink.me\r\n"
                + "User-Agent: \(SoakBenchmark.userAgent)\r\nX-Forwarded-For: 203.0.113.\(index % 250 + 1)\r\n\r\n")
                .utf8)
    }

    /// Creates a link through `path` and returns its ID, or `nil`.
    static func create(port: UInt16, path: String, id: String) -> String? {
        guard let connection = try? SoakConnection(port: port) else { return nil }
        let body =
            path.hasPrefix("/api/v2.0")
            ? #"{"shortlink_id":"\#(id)","data":{"pid":"load","c":"bench","deep_link_value":"apples"}}"#
            : #"{"data":{"pid":"load","c":"bench","deep_link_value":"apples"}}"#
        guard (try? connection.send(post(path, body: body, headers: "authorization: \(token)\r\n"))) != nil,
            let status = try? connection.readStatus(), status == 200
        else { return nil }
        return id
    }

    /// Sends `requests` requests over each of `connections` keep-alive connections, one thread each,
    /// and times every request from its first byte written to its answer read.
    static func drive(
        port: UInt16, connections: Int, requests: Int, expected: Int,
        request: @escaping @Sendable (Int) -> [UInt8]
    ) -> Figures {
        let results = Locked((latencies: [Duration](), failed: 0, error: String?.none))
        let started = ContinuousClock.now
        ClientThreads.run(connections) { worker in
            var latencies: [Duration] = []
            latencies.reserveCapacity(requests)
            var failed = 0
            var firstError: String?
            var connection = try? SoakConnection(port: port)
            for step in 0..<requests {
                let bytes = request(worker * requests + step)
                let begin = ContinuousClock.now
                do {
                    let open = try connection ?? SoakConnection(port: port)
                    connection = open
                    try open.send(bytes)
                    if try open.readStatus() != expected { failed += 1 }
                } catch {
                    failed += 1
                    firstError = firstError ?? "\(error)"
                    connection = nil
                }
                latencies.append(ContinuousClock.now - begin)
            }
            results.withLock { state in
                state.latencies += latencies
                state.failed += failed
                state.error = state.error ?? firstError
            }
        }
        let elapsed = ContinuousClock.now - started
        let state = results.value
        let sorted = state.latencies.sorted()
        func percentile(_ fraction: Double) -> Duration {
            sorted.isEmpty ? .zero : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
        return Figures(
            perSecond: Double(sorted.count) / max(Format.seconds(elapsed), 1e-9), p50: percentile(0.5),
            p99: percentile(0.99), failed: state.failed, firstError: state.error)
    }
}
