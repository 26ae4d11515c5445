import Foundation
import OneLinkEmulator
import OneLinkReplay

/// Link text to delivered payload, against `URLComponents(string:)?.queryItems` on the same corpus.
enum LinkParsingBenchmark {
    /// Parses `count` generated links, best of `rounds` passes each, and compares the throughputs.
    static func run(count: Int, rounds: Int) -> [BenchmarkRow] {
        var generator = CorpusGenerator(seed: 0x0_5EED_0001)
        let links = generator.links(count: count)
        let parser = LinkParser(customDomains: [CorpusGenerator.customDomain])

        var rejected = 0
        for link in links where (try? parser.parse(link)) == nil { rejected += 1 }
        var baselineRejected = 0
        for link in links where URLComponents(string: link) == nil { baselineRejected += 1 }

        // The two sides alternate pass by pass, so a change in machine load hits both alike.
        let (ours, baseline) = bestTimes(
            rounds: rounds,
            {
                var keys = 0
                for link in links {
                    if let parsed = try? parser.parse(link) { keys &+= parsed.payload.count }
                }
                return keys
            },
            {
                var items = 0
                for link in links { items &+= URLComponents(string: link)?.queryItems?.count ?? 0 }
                return items
            })
        let ourRate = Double(count) / Format.seconds(ours)
        let baselineRate = Double(count) / Format.seconds(baseline)
        let ratio = ourRate / baselineRate
        let bytes = links.reduce(0) { $0 + $1.utf8.count }
        return [
            BenchmarkRow(
                name: "link -> payload, \(count) links (\(bytes / count) B avg), \(rejected) rejected",
                result: Format.rate(ourRate, unit: "links"),
                baseline: Format.rate(baselineRate, unit: "links") + " URLComponents.queryItems"
                    + (baselineRejected > 0 ? " (\(baselineRejected) nil)" : ""),
                ratio: Format.fixed(ratio, 2) + "x faster", target: ">= 2x baseline",
                met: ratio >= 2 && rejected == 0)
        ]
    }

    /// The shortest of `rounds` timed passes of each body, alternating, after one warm-up pass each.
    static func bestTimes(rounds: Int, _ first: () -> Int, _ second: () -> Int) -> (Duration, Duration) {
        var sink = first() &+ second()
        var best = (Duration.seconds(1_000_000), Duration.seconds(1_000_000))
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            best.0 = min(best.0, clock.measure { sink &+= first() })
            best.1 = min(best.1, clock.measure { sink &+= second() })
        }
        if sink == 42 { print("", terminator: "") }
        return best
    }
}
