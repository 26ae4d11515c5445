import Foundation
import OneLinkEmulator
import Testing

/// The documented sample payloads, produced end to end by the SDK rather than by the parser alone.
///
/// The samples print values as the documentation renders an `NSDictionary`, so these tests run the
/// SDK under the documented value profile (``LinkParser/ValueTyping/documented`` link values and
/// 1/0 flags); the tests at the end check what the default, real-SDK types make of the same links.
@Suite("SDK delivers the documented sample payloads", .timeLimit(.minutes(5)))
struct SDKSampleConformanceTests {
    func resolverFromFixture(clock: ManualClock) throws -> InMemoryShortLinkResolver {
        var links: [String: AttributionPayload] = [:]
        for (key, entry) in try Fixtures.shortLinks() { links[key] = entry.parameters }
        return InMemoryShortLinkResolver(links: links, clock: clock)
    }

    /// `payload` as the documented samples print it: the `is_first_launch` and `iscache` flags as 1
    /// or 0 (replay's `documented` profile does the same).
    func documented(_ payload: AttributionPayload) -> AttributionPayload {
        var result = payload
        for key in ["is_first_launch", "iscache"] {
            if case .bool(let flag)? = payload[key] { result[key] = .int(flag ? 1 : 0) }
        }
        return result
    }

    func makeSDK(
        resolver: InMemoryShortLinkResolver, attribution: InstallAttribution, clock: ManualClock
    ) -> AppsFlyerLib {
        let sdk = AppsFlyerLib(
            shortLinkResolver: resolver, conversionDataSource: .inMemory(attribution, clock: clock),
            clock: clock,
            logSink: .recording())
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.valueTyping = .documented
        return sdk
    }

    @Test("Universal link, short: onAppOpenAttribution after resolving H5hv/6d66214a")
    func universalLinkShort() async throws {
        let sample = try Fixtures.sample("universal-link-short.json")
        let clock = ManualClock()
        let sdk = makeSDK(
            resolver: try resolverFromFixture(clock: clock), attribution: .organic, clock: clock)
        let events = await sdk.perform(.universalLink(try #require(sample.link)))
        #expect(events == [.appOpenAttribution(sample.payload)])
    }

    @Test("Universal link, long, and both URI-scheme samples: onAppOpenAttribution from the link alone")
    func directLinks() async throws {
        for file in ["universal-link-long.json", "uri-scheme-short.json", "uri-scheme-long.json"] {
            let sample = try Fixtures.sample(file)
            let clock = ManualClock()
            let sdk = makeSDK(
                resolver: try resolverFromFixture(clock: clock), attribution: .organic, clock: clock)
            let link = try #require(sample.link)
            let action: SDKAction = link.hasPrefix("https") ? .universalLink(link) : .openURL(link)
            let events = await sdk.perform(action)
            #expect(events == [.appOpenAttribution(sample.payload)], "\(file)")
        }
    }

    @Test("Deferred deep linking: the first onConversionDataSuccess equals the documented payload")
    func deferred() async throws {
        let sample = try Fixtures.sample("deferred-deep-link.json")
        let clock = ManualClock()
        let attribution = InstallAttribution.nonOrganic(sample.payload.removing(["is_first_launch"]))
        let sdk = makeSDK(
            resolver: try resolverFromFixture(clock: clock), attribution: attribution, clock: clock)
        let events = await sdk.perform(.start)
        let delivered = try #require(events.first?.payload)
        #expect(documented(delivered) == sample.payload)
        #expect(delivered["is_first_launch"] == .bool(true))
        #expect(delivered["iscache"] == .bool(true), "the source answered iscache 1, kept as a boolean")
        let data = delivered.foundationDictionary
        #expect(data["is_first_launch"] as? Bool == true)
        #expect(data["deep_link_value"] == nil)
        #expect(data["fruit_name"] as? String == "apples")
    }

    @Test("By default, every value read from a link is a string, as the real SDK hands it over")
    func defaultTypesAreStrings() async throws {
        for file in ["universal-link-long.json", "uri-scheme-short.json", "uri-scheme-long.json"] {
            let sample = try Fixtures.sample(file)
            let clock = ManualClock()
            let sdk = makeSDK(
                resolver: try resolverFromFixture(clock: clock), attribution: .organic, clock: clock)
            sdk.valueTyping = .strings
            let link = try #require(sample.link)
            let action: SDKAction = link.hasPrefix("https") ? .universalLink(link) : .openURL(link)
            let payload = try #require(await sdk.perform(action).first?.payload)
            #expect(payload.count == sample.payload.count, "\(file)")
            for (key, value) in payload.values {
                #expect(value == .string(sample.payload[key]?.textValue ?? "<missing>"), "\(file): \(key)")
            }
        }
    }
}
