import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkTestSoak
import Testing

/// Many tasks hand links to one SDK instance at the same moment; run under TSan by `.ci/run`.
@Suite(.tags(.soak), .timeLimit(.minutes(10))) struct ConcurrentLinksTests {
    /// Links handed over at once: 200 as a soak, 40 by default.
    static let count = Soak.count(200, quick: 40)

    /// Link `index`: even ones are long OneLinks, odd ones short links resolved by the in-memory resolver.
    static func link(_ index: Int) -> String {
        if index.isMultiple(of: 2) {
            return "https://onelink-basic-app.onelink.me/H5hv?pid=email&deep_link_value=item&n=\(index)"
        }
        return "https://onelink-basic-app.onelink.me/H5hv/s\(index)"
    }

    static var shortLinks: [String: AttributionPayload] {
        var links: [String: AttributionPayload] = [:]
        for index in stride(from: 1, to: count, by: 2) {
            links["H5hv/s\(index)"] = ["deep_link_value": "item", "n": .int(index)]
        }
        return links
    }

    @Test(
        "UDL: N links from N tasks at once (200 as a soak) give exactly N FOUND results, each for its own link"
    )
    func udlLinksFromManyTasks() async throws {
        let fixture = SDKFixture(links: Self.shortLinks, udl: true)
        await fixture.sdk.perform(.start)
        let before = fixture.sdk.deliveredEvents.count
        let callsBefore = fixture.delegate.callbacks.count

        let results = await withTaskGroup(of: (Int, [AppsFlyerEvent]).self) { group in
            for index in 0..<Self.count {
                group.addTask {
                    let action: SDKAction =
                        index.isMultiple(of: 3)
                        ? .openURL(Self.link(index), sourceApplication: nil)
                        : .universalLink(Self.link(index))
                    return (index, await fixture.sdk.perform(action))
                }
            }
            var results: [Int: [AppsFlyerEvent]] = [:]
            for await (index, events) in group { results[index] = events }
            return results
        }

        #expect(results.count == Self.count)
        for index in 0..<Self.count {
            let events = try #require(results[index])
            try #require(events.count == 1, "link \(index): \(events)")
            guard case .deepLink(let result) = events[0] else {
                Issue.record("link \(index): \(events[0])")
                continue
            }
            #expect(result.status == .found)
            #expect(result.deepLink?.isDeferred == false)
            #expect(result.deepLink?.clickEventPayload["n"]?.textValue == "\(index)")
            #expect(result.deepLink?.clickEventPayload["link"] == .string(Self.link(index)))
        }
        #expect(fixture.sdk.deliveredEvents.count == before + Self.count)
        #expect(
            Array(fixture.delegate.names.dropFirst(callsBefore))
                == Array(repeating: "didResolveDeepLink", count: Self.count))
        #expect(fixture.sdk.attributedOpenCount == Self.count)
        #expect(fixture.resolver.requests.count == Self.count / 2)
    }

    @Test("Legacy: links, sessions and config changes from many tasks at once; one callback per link")
    func legacyLinksWithSessionsAndConfiguration() async throws {
        let fixture = SDKFixture(links: Self.shortLinks)
        await fixture.sdk.perform(.start)

        let linkEvents = await withTaskGroup(of: (Int, [AppsFlyerEvent])?.self) { group in
            for index in 0..<Self.count {
                group.addTask { (index, await fixture.sdk.perform(.universalLink(Self.link(index)))) }
            }
            for round in 0..<20 {
                group.addTask {
                    fixture.sdk.isDebug = round.isMultiple(of: 2)
                    fixture.sdk.deepLinkTimeout = 3000 + UInt(round)
                    _ = fixture.sdk.deliveredEvents.count
                    await fixture.sdk.perform(.start)
                    return nil
                }
            }
            var results: [Int: [AppsFlyerEvent]] = [:]
            for await case let (index, events)? in group { results[index] = events }
            return results
        }

        #expect(linkEvents.count == Self.count)
        for index in 0..<Self.count {
            let events = try #require(linkEvents[index])
            try #require(events.count == 1, "link \(index): \(events)")
            guard case .appOpenAttribution(let payload) = events[0] else {
                Issue.record("link \(index): \(events[0])")
                continue
            }
            #expect(payload["n"]?.textValue == "\(index)")
            #expect(payload["link"] == .string(Self.link(index)))
        }
        let names = fixture.delegate.names
        #expect(names.filter { $0 == "onAppOpenAttribution" }.count == Self.count)
        #expect(!names.contains("onAppOpenAttributionFailure"))
        #expect(fixture.sdk.attributedOpenCount == Self.count)
    }
}
