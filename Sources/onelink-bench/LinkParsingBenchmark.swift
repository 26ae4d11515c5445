import Foundation
import OneLinkEmulator
import OneLinkReplay

/// Link text to delivered payload, against `URLComponents(string:)?.queryItems` on the same corpus.
enum LinkParsingBenchmark {
    /// Parses `count` generated links, best of `rounds` passes each, and compares the throughputs.
    ///
    /// The target row reads what the SDK needs before it delivers (the payload and its size) with
    /// the default string values. Two more rows, for information: the documented typing, and
    /// every value of every payload decoded (as a handler that reads the whole dictionary does).
    static func run(count: Int, rounds: Int) -> [BenchmarkRow] {
        var generator = CorpusGenerator(seed: 0x0_5EED_0001)
        let links = generator.links(count: count)
        let parser = LinkParser(customDomains: [CorpusGenerator.customDomain])
        let documented = LinkParser(customDomains: [CorpusGenerator.customDomain], valueTyping: .documented)

        var rejected = 0
        for link in links where (try? parser.parse(link)) == nil { rejected += 1 }
        var baselineRejected = 0
        for link in links where URLComponents(string: link) == nil { baselineRejected += 1 }

        // The sides alternate pass by pass, so a change in machine load hits all alike.
        let times = bestTimes(
            rounds: rounds,
            [
                {
                    var items = 0
                    for link in links { items &+= URLComponents(string: link)?.queryItems?.count ?? 0 }
                    return items
                },
                {
                    var keys = 0
                    for link in links {
                        if let parsed = try? parser.parse(link) { keys &+= parsed.payload.count }
                    }
                    return keys
                },
                {
                    var keys = 0
                    for link in links {
                        if let parsed = try? documented.parse(link) { keys &+= parsed.payload.count }
                    }
                    return keys
                },
                {
                    var keys = 0
                    for link in links {
                        if let parsed = try? parser.parse(link) { keys &+= parsed.payload.values.count }
                    }
                    return keys
                },
            ])
        let baselineRate = Double(count) / Format.seconds(times[0])
        let bytes = links.reduce(0) { $0 + $1.utf8.count }
        let baseline =
            Format.rate(baselineRate, unit: "links") + " URLComponents.queryItems"
            + (baselineRejected > 0 ? " (\(baselineRejected) nil)" : "")
        func row(_ name: String, _ time: Duration, target: Bool) -> BenchmarkRow {
            let rate = Double(count) / Format.seconds(time)
            let ratio = rate / baselineRate
            return BenchmarkRow(
                name: name, result: Format.rate(rate, unit: "links"), baseline: baseline,
                ratio: Format.fixed(ratio, 2) + "x faster",
                target: target ? ">= 2x baseline" : "(informational)",
                met: (!target || ratio >= 2) && rejected == 0)
        }
        return [
            row(
                "link -> payload, \(count) links (\(bytes / count) B avg), \(rejected) rejected, string values",
                times[1], target: true),
            row("link -> payload, documented typing (numbers and booleans typed)", times[2], target: false),
            row("link -> payload, every value decoded (payload.values)", times[3], target: false),
        ]
    }

    /// The shortest of `rounds` timed passes of each body, taken in turn, after one warm-up pass each.
    static func bestTimes(rounds: Int, _ bodies: [() -> Int]) -> [Duration] {
        var sink = 0
        for body in bodies { sink &+= body() }
        var best = Array(repeating: Duration.seconds(1_000_000), count: bodies.count)
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            for (index, body) in bodies.enumerated() {
                best[index] = min(best[index], clock.measure { sink &+= body() })
            }
        }
        if sink == 42 { print("", terminator: "") }
        return best
    }
}
