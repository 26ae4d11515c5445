import Foundation
import OneLinkEmulator
import Testing

/// Checks that the parser and payload model reproduce every documented iOS sample.
@Suite(.timeLimit(.minutes(5))) struct SampleConformanceTests {
    let parser = LinkParser(valueTyping: .documented)

    @Test func universalLinkShortIsDetectedAndResolvesToTheDocumentedPayload() throws {
        let sample = try Fixtures.sample("universal-link-short.json")
        #expect(sample.callback == "onAppOpenAttribution")
        #expect(sample.kind == "universal-link-short")
        let link = try #require(sample.link)
        #expect(sample.payload["link"] == .string(link))

        let parsed = try parser.parse(link)
        #expect(parsed.kind == .shortLink(template: "H5hv", shortID: "6d66214a"))
        #expect(parsed.host == "onelink-basic-app.onelink.me")
        #expect(parsed.diagnostics.isEmpty)
        Fixtures.expectEqual(parsed.payload, ["link": .string(link)])

        let stored = try #require(try Fixtures.shortLinks()["H5hv/6d66214a"])
        #expect(stored.host == parsed.host)
        #expect(stored.parameters["link"] == nil)
        Fixtures.expectEqual(stored.parameters.merging(parsed.payload), sample.payload)
    }

    @Test func universalLinkLongParsesToTheDocumentedPayload() throws {
        let sample = try Fixtures.sample("universal-link-long.json")
        #expect(sample.callback == "onAppOpenAttribution")
        #expect(sample.kind == "universal-link-long")
        let parsed = try parser.parse(try #require(sample.link))
        #expect(parsed.kind == .oneLink(template: "H5hv"))
        #expect(parsed.diagnostics.isEmpty)
        Fixtures.expectEqual(parsed.payload, sample.payload)
        #expect(sample.payload["fruit_amount"] == .int(16))
        #expect(sample.payload["af_click_lookback"] == .string("20d"))
        #expect(sample.payload["af_ios_url"] == .string("https://my_ios_lp.com"))
    }

    @Test func uriSchemeShortParsesToTheDocumentedPayload() throws {
        let sample = try Fixtures.sample("uri-scheme-short.json")
        #expect(sample.callback == "onAppOpenAttribution")
        #expect(sample.kind == "uri-scheme-short")
        let parsed = try parser.parse(try #require(sample.link))
        #expect(parsed.kind == .uriScheme)
        #expect(parsed.diagnostics.isEmpty)
        Fixtures.expectEqual(parsed.payload, sample.payload)
        #expect(sample.payload["shortlink"] == .string("9270d092"))
        #expect(sample.payload["af_deeplink"] == .bool(true))
        #expect(sample.payload.count == 24)
    }

    @Test func uriSchemeLongParsesToTheDocumentedPayload() throws {
        let sample = try Fixtures.sample("uri-scheme-long.json")
        #expect(sample.callback == "onAppOpenAttribution")
        #expect(sample.kind == "uri-scheme-long")
        let parsed = try parser.parse(try #require(sample.link))
        #expect(parsed.kind == .uriScheme)
        #expect(parsed.diagnostics.isEmpty)
        Fixtures.expectEqual(parsed.payload, sample.payload)
        #expect(sample.payload["shortlink"] == nil)
        #expect(sample.payload["path"] == .string(""))
        #expect(sample.payload.count == 23)
    }

    @Test func deferredDeepLinkRoundTripsAndBridgesLikeTheSDK() throws {
        let sample = try Fixtures.sample("deferred-deep-link.json")
        #expect(sample.callback == "onConversionDataSuccess")
        #expect(sample.kind == "deferred-deep-link")
        #expect(sample.link == nil)
        #expect(sample.payload.count == 43)

        let reparsed = try AttributionPayload(jsonString: sample.payload.jsonText())
        Fixtures.expectEqual(reparsed, sample.payload)
        let reparsedPretty = try AttributionPayload(jsonString: sample.payload.jsonText(pretty: true))
        Fixtures.expectEqual(reparsedPretty, sample.payload)

        let data = sample.payload.foundationDictionary
        #expect(data["is_first_launch"] as? Bool == true)
        #expect(data["af_status"] as? String == "Non-organic")
        #expect(data["adgroup"] is NSNull)
        #expect(data["af_cost_value"] as? Int == 6)
        #expect(data["orig_cost"] as? String == "6.0")
        #expect(data["campaign"] as? String == "fruit_of_the_month ")
        #expect(data["is_retargeting"] as? Bool == true)
        #expect(data["cost_cents_USD"] as? Int == 600)
    }

    @Test(arguments: Fixtures.sampleFiles)
    func everySampleHasNoKeyWithSurroundingWhitespace(file: String) throws {
        let sample = try Fixtures.sample(file)
        let padded = sample.payload.sortedKeys.filter { $0 != $0.trimmingCharacters(in: .whitespaces) }
        #expect(padded == [])
    }

    @Test func shortLinkFixtureLoadsIntoTheInMemoryResolver() async throws {
        let links = try Fixtures.shortLinks().mapValues(\.parameters)
        let resolver = InMemoryShortLinkResolver(links: links, clock: ManualClock())
        let link = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"
        let request = ShortLinkRequest(
            host: "onelink-basic-app.onelink.me", template: "H5hv", shortID: "6d66214a", link: link)
        let resolved = try await resolver.resolve(request)
        let sample = try Fixtures.sample("universal-link-short.json")
        Fixtures.expectEqual(resolved, sample.payload.removing(["link"]))
    }

    @Test func everySampleKeyIsDocumentedInThePayloadReference() throws {
        let reference = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Docs/payload-reference.md"),
            encoding: .utf8)
        var keys = Set<String>()
        for file in Fixtures.sampleFiles { keys.formUnion(try Fixtures.sample(file).payload.sortedKeys) }
        #expect(keys.count == 52)
        let undocumented = keys.sorted().filter { !reference.contains("| `\($0)` |") }
        #expect(undocumented == [])
    }

    @Test func diffListsMissingExtraAndChangedKeys() {
        let expected: AttributionPayload = ["a": 1, "b": "x", "c": true]
        let actual: AttributionPayload = ["a": "1", "c": true, "d": nil]
        #expect(
            Fixtures.diff(expected: expected, actual: actual) == """
                ~ a: expected integer 1, got string "1"
                - b: missing, expected string "x"
                + d: unexpected null null
                """)
        #expect(Fixtures.diff(expected: expected, actual: expected) == "")
    }

    @Test func samplesFolderHoldsExactlyTheFiveDocumentedSamples() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.samplesFolder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == Fixtures.sampleFiles.sorted())
    }
}
