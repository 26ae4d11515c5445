import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The soak: a million mixed requests against one `onelink-replay serve` process, then a burst of
/// simultaneous connections and a slow-client flood, each against a baseline from the same run.
enum SoakBenchmark {
    /// What the soak sends; the defaults are the figures of issue 18.
    struct Options: Equatable {
        var requests = 1_000_000
        var burst = 2_000
        var slowClients = 1_000
        var workers = 8
        var healthChecks = 200
    }

    /// The bounds the soaked server runs with, small enough to be reached during warm-up.
    static let boundedFlags = [
        "--request-history", "1000", "--max-clicks", "5000", "--click-overflow", "drop-oldest",
        "--max-devices",
        "5000",
    ]
    /// The same server with bounds too large to be reached: what memory did before issue 18.
    static let unboundedFlags = [
        "--request-history", "100000000", "--max-clicks", "100000000", "--max-devices", "100000000",
    ]

    static let userAgent =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        + "Version/17.4 Mobile/15E148 Safari/604.1"
    static let padding = String(repeating: "p", count: 15_000)

    /// A running `serve` child and its port.
    final class Server {
        let process = Process()
        let output = Pipe()
        let port: UInt16

        init(flags: [String]) throws {
            let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("onelink-replay")
            guard FileManager.default.isExecutableFile(atPath: executable.path) else {
                throw SoakConnection.Failure(
                    description: "\(executable.path) is not built; build the onelink-replay product too")
            }
            process.executableURL = executable
            process.arguments =
                ["serve", "--port", "0", "--quiet", "--request-timeout", "60"] + flags
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var line = Data()
            while !line.contains(10) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line.append(chunk)
            }
            let text = String(decoding: line, as: UTF8.self)
            guard
                let port = text.split(separator: "\n").first?.split(separator: ":").last.flatMap({
                    UInt16($0)
                })
            else {
                process.terminate()
                throw SoakConnection.Failure(description: "serve did not print its URL: \(text.prefix(200))")
            }
            self.port = port
        }

        /// The child's resident memory in bytes, from `/proc/PID/statm`.
        var residentBytes: Int {
            guard
                let text = try? String(
                    contentsOfFile: "/proc/\(process.processIdentifier)/statm", encoding: .utf8),
                let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
            else { return 0 }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        }

        func stop() {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
    }

    /// The `index`th request of the mix and the status it must get.
    static func request(_ index: Int, installTime: (query: String, text: String)) -> ([UInt8], Int) {
        let ip = "203.0.113.\(index % 250 + 1)"
        let device = "soak-\(index)"
        switch index % 4 {
        case 0:
            return (
                Array(
                    ("GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "X-Padding: \(padding)\r\n\r\n").utf8), 200
            )
        case 1:
            return (
                Array(
                    ("GET /install_data/v5.0/id1234567890?devkey=dev&device_id=\(device)&install_time="
                        + "\(installTime.query)&ip=\(ip)&model=iPhone15%2C2&os_version=17.4&language=en-US "
                        + "HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").utf8), 200
            )
        case 2:
            let body =
                #"{"device":{"ip":"\#(ip)","language":"en-US","model":"iPhone","os_version":"17.4"},"#
                + #""device_id":"\#(device)","install_time":"\#(installTime.text)"}"#
            return (
                Array(
                    ("POST /v1.0/ios/id1234567890?devkey=dev HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                        + body)
                        .utf8), 200
            )
        default:
            return (
                Array(
                    ("GET /H5hv?pid=Email&c=soak&deep_link_value=apples&af_sub1=\(index) HTTP/1.1\r\n"
                        + "Host: onelink-basic-app.onelink.me\r\nUser-Agent: \(userAgent)\r\n"
                        + "X-Forwarded-For: \(ip)\r\nAccept-Language: en-US\r\n\r\n").utf8), 302
            )
        }
    }

    /// An install time one minute from now, as the query and the JSON body write it.
    static func installTime() -> (query: String, text: String) {
        let text = AttributionTimestamp.string(from: Date().addingTimeInterval(60))
        let query = text.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: ":", with: "%3A")
        return (query, text)
    }

    /// Sends requests `range` of the mix over `workers` keep-alive connections; returns the
    /// number answered with the expected status and the failures.
    static func drive(port: UInt16, range: Range<Int>, workers: Int) -> (ok: Int, failed: Int, error: String?)
    {
        let results = Locked((ok: 0, failed: 0, error: String?.none))
        let time = installTime()
        ClientThreads.run(workers) { worker in
            var ok = 0
            var failed = 0
            var firstError: String?
            var connection = try? SoakConnection(port: port)
            var index = range.lowerBound + worker
            while index < range.upperBound {
                let (bytes, expected) = request(index, installTime: time)
                do {
                    let open = try connection ?? SoakConnection(port: port)
                    connection = open
                    try open.send(bytes)
                    if try open.readStatus() == expected { ok += 1 } else { failed += 1 }
                } catch {
                    failed += 1
                    firstError = firstError ?? "\(error)"
                    connection = nil
                }
                index += workers
            }
            results.withLock { state in
                state.ok += ok
                state.failed += failed
                state.error = state.error ?? firstError
            }
        }
        return results.value
    }

    /// Runs `total` mixed requests in ten slices and samples the server's memory after each.
    static func soak(
        flags: [String], total: Int, workers: Int, progress: (String) -> Void
    ) throws -> (samples: [Int], ok: Int, failed: Int, error: String?, elapsed: Duration) {
        let server = try Server(flags: flags)
        defer { server.stop() }
        var samples: [Int] = []
        var ok = 0
        var failed = 0
        var firstError: String?
        let started = ContinuousClock.now
        let slice = max(1, total / 10)
        var begin = 0
        while begin < total {
            let end = min(total, begin + slice)
            let result = drive(port: server.port, range: begin..<end, workers: workers)
            ok += result.ok
            failed += result.failed
            firstError = firstError ?? result.error
            samples.append(server.residentBytes)
            progress(
                "  \(end) / \(total) requests, server RSS \(Format.mebibytes(samples.last ?? 0)), "
                    + "\(failed) failed, \(Format.fixed(Format.seconds(ContinuousClock.now - started), 1)) s")
            begin = end
        }
        return (samples, ok, failed, firstError, ContinuousClock.now - started)
    }

    /// Health-check latencies: `count` one-shot GETs, each on a new connection.
    static func healthChecks(port: UInt16, count: Int) -> [Duration] {
        var latencies: [Duration] = []
        let request = Array(
            "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                .utf8)
        for _ in 0..<count {
            let started = ContinuousClock.now
            do {
                let connection = try SoakConnection(port: port, timeoutSeconds: 10)
                try connection.send(request)
                _ = try connection.readStatus()
                latencies.append(ContinuousClock.now - started)
            } catch {
                latencies.append(.seconds(10))
            }
        }
        return latencies
    }

    static func run(options: Options, progress: (String) -> Void) -> [BenchmarkRow] {
        var rows: [BenchmarkRow] = []
        do {
            let baselineCount = max(10_000, options.requests / 10)
            progress("soak baseline: \(baselineCount) requests against serve with unreachable bounds")
            let baseline = try soak(
                flags: unboundedFlags, total: baselineCount, workers: options.workers, progress: progress)
            progress(
                "soak: \(options.requests) requests against serve with \(boundedFlags.joined(separator: " "))"
            )
            let run = try soak(
                flags: boundedFlags, total: options.requests, workers: options.workers, progress: progress)
            let warm = run.samples.first ?? 0
            let peak = run.samples.dropFirst().max() ?? warm
            let growth = warm > 0 ? Double(peak - warm) / Double(warm) : 0
            let baseWarm = baseline.samples.first ?? 0
            let baseEnd = baseline.samples.last ?? 0
            let basePerRequest =
                Double(baseEnd - baseWarm) / Double(max(1, baselineCount - baselineCount / 10))
            let perRequest =
                Double((run.samples.last ?? 0) - warm)
                / Double(max(1, options.requests - options.requests / 10))
            rows.append(
                BenchmarkRow(
                    name:
                        "serve RSS over \(options.requests) mixed requests (25% short links with 15 KB headers, "
                        + "25% install_data, 25% deferred, 25% clicks), \(run.failed) failed",
                    result: "\(Format.mebibytes(warm)) after warm-up (10%), peak \(Format.mebibytes(peak)), "
                        + "end \(Format.mebibytes(run.samples.last ?? 0)); "
                        + "\(Format.fixed(perRequest, 1)) B/request",
                    baseline: "unbounded: \(Format.mebibytes(baseWarm)) -> \(Format.mebibytes(baseEnd)) over "
                        + "\(baselineCount) requests, \(Format.fixed(basePerRequest, 0)) B/request",
                    ratio: (growth >= 0 ? "+" : "") + Format.fixed(growth * 100, 2) + "% peak after warm-up",
                    target: "flat within 10%", met: growth <= 0.10 && run.failed == 0))
            rows.append(
                BenchmarkRow(
                    name: "soak throughput, \(options.workers) keep-alive connections",
                    result: Format.rate(
                        Double(options.requests) / Format.seconds(run.elapsed), unit: "requests"),
                    baseline: Format.rate(
                        Double(baselineCount) / Format.seconds(baseline.elapsed), unit: "requests")
                        + " unbounded", ratio: "-", target: "(informational)", met: true))
            if let error = run.error { progress("  first soak error: \(error)") }
        } catch {
            rows.append(HTTPBenchmark.failedRow("soak", error))
        }
        rows += burstAndSlowClients(options: options, progress: progress)
        return rows
    }

    static func burstAndSlowClients(options: Options, progress: (String) -> Void) -> [BenchmarkRow] {
        var rows: [BenchmarkRow] = []
        do {
            let server = try Server(flags: boundedFlags)
            defer { server.stop() }
            let request = Array(
                "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    .utf8)
            progress("burst: \(options.burst) simultaneous one-shot GETs (server limit 1024 connections)")
            let sequentialStart = ContinuousClock.now
            let sequential = healthChecks(port: server.port, count: options.burst).filter {
                $0 < .seconds(10)
            }
            let sequentialTime = ContinuousClock.now - sequentialStart
            let burstStart = ContinuousClock.now
            let fds = (0..<options.burst).compactMap { _ in SoakSockets.openNonBlocking(port: server.port) }
            let answered = SoakSockets.exchangeAll(fds, request: request, limit: .seconds(60))
            let burstTime = ContinuousClock.now - burstStart
            rows.append(
                BenchmarkRow(
                    name: "\(options.burst) simultaneous connections, one GET each",
                    result: "\(answered)/\(options.burst) answered 200 in \(Format.milliseconds(burstTime))",
                    baseline: "\(sequential.count)/\(options.burst) one at a time in "
                        + Format.milliseconds(sequentialTime),
                    ratio: Format.fixed(Format.seconds(burstTime) / Format.seconds(sequentialTime), 2)
                        + "x baseline time",
                    target: "all answered", met: answered == options.burst))

            let quiet = healthChecks(port: server.port, count: options.healthChecks)
            for slowCount in [options.slowClients, options.slowClients + 100] {
                progress(
                    "slow clients: \(slowCount) connections that never finish their request, then health checks"
                )
                let partial = Array(
                    "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
                let slow = (0..<slowCount).compactMap { _ in SoakSockets.openNonBlocking(port: server.port) }
                for fd in slow {
                    var pollEntry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&pollEntry, 1, 1000)
                    _ = partial.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                }
                let loaded = healthChecks(port: server.port, count: options.healthChecks)
                slow.forEach { close($0) }
                let p99 = HTTPBenchmark.quantile(loaded, 0.99)
                rows.append(
                    BenchmarkRow(
                        name: "health checks (one GET per connection) with \(slowCount) slow clients open"
                            + (slowCount > 1024 ? " (over the 1024 limit)" : ""),
                        result: "p50 \(Format.milliseconds(HTTPBenchmark.quantile(loaded, 0.5))), p99 "
                            + "\(Format.milliseconds(p99)), max \(Format.milliseconds(loaded.max() ?? .zero))",
                        baseline: "p99 \(Format.milliseconds(HTTPBenchmark.quantile(quiet, 0.99))) with none",
                        ratio: Format.fixed(
                            Format.seconds(p99)
                                / max(1e-6, Format.seconds(HTTPBenchmark.quantile(quiet, 0.99))), 1)
                            + "x baseline p99",
                        target: slowCount > 1024 ? "(informational)" : "p99 < 50 ms",
                        met: slowCount > 1024 || p99 < .milliseconds(50)))
                // The server notices the closed slow clients on its next poll; let it settle.
                _ = healthChecks(port: server.port, count: 10)
            }
        } catch {
            rows.append(HTTPBenchmark.failedRow("burst and slow clients", error))
        }
        return rows
    }
}
