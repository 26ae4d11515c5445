import Foundation
import OneLinkBadInputCorpus
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// Runs every hostile input of `Payloads/bad-input/` and checks its exact error or callback.
@Suite(.timeLimit(.minutes(5))) struct BadInputTests {
    static let linkCases = BadInputCorpus.cases("links.json")
    static let jsonCases = BadInputCorpus.cases("payload-json.json")
    static let httpCases = BadInputCorpus.cases("http-responses.json")

    @Test("The bad-input corpus loads: at least 50 cases, every one named")
    func corpusLoads() throws {
        for file in ["links.json", "payload-json.json", "http-responses.json"] {
            _ = try BadInputCorpus.document(file)
        }
        #expect(Self.linkCases.count >= 30)
        #expect(Self.jsonCases.count >= 30)
        #expect(Self.httpCases.count >= 20)
        let all = Self.linkCases + Self.jsonCases + Self.httpCases
        #expect(all.count >= 50)
        #expect(all.allSatisfy { $0["name"]?.stringValue != nil })
        #expect(Set(all.map(\.testDescription)).count == all.count)
    }

    // MARK: - Links

    @Test(
        "Hostile link: the parser's exact error, or its exact parameters and diagnostics",
        arguments: linkCases)
    func linkParser(_ entry: BadInputCorpus.Case) throws {
        let link = try entry.text("link")
        if entry["parse_error"] != nil {
            let expected = try entry.text("parse_error")
            do {
                let parsed = try LinkParser().parse(link)
                Issue.record("accepted: \(parsed)")
            } catch {
                #expect(error.description == expected)
            }
            return
        }
        let parsed = try LinkParser(valueTyping: .documented).parse(link)
        if let parameters = entry["parameters"] {
            #expect(AttributionValue.object(parsed.parameters.values) == parameters)
        }
        if let diagnostics = entry["diagnostics"]?.arrayValue {
            #expect(
                parsed.diagnostics.map { String(describing: $0) } == diagnostics.compactMap(\.stringValue))
        }
    }

    @Test("Hostile link: the exact callback in legacy and in UDL mode", arguments: linkCases)
    func linkCallbacks(_ entry: BadInputCorpus.Case) async throws {
        let link = try entry.text("link")
        let setup = try BadInputCorpus.document("links.json")["setup"]?.objectValue ?? [:]
        for udl in [false, true] {
            let clock = ManualClock()
            var links: [String: AttributionPayload] = [:]
            for (key, value) in setup["short_links"]?.objectValue ?? [:] {
                links[key] = AttributionPayload(value.objectValue ?? [:])
            }
            let redirects = (setup["redirects"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
            let sdk = AppsFlyerLib(
                shortLinkResolver: .inMemory(links: links, redirects: redirects, clock: clock),
                conversionDataSource: .inMemory(.organic, clock: clock), clock: clock,
                logSink: RecordingDebugLogSink())
            sdk.resolveDeepLinkURLs = setup["wrapper_domains"]?.arrayValue?.compactMap(\.stringValue)
            sdk.valueTyping = .documented  // the corpus records the parser's documented typing
            sdk.callbackDelivery = .sdkQueue
            let delegate = CallbackRecorder()
            sdk.delegate = delegate
            if udl { sdk.deepLinkDelegate = delegate }

            let events = await sdk.perform(.universalLink(link))
            let expected = try entry.text(udl ? "udl" : "legacy")
            try #require(events.count == 1, "\(udl ? "UDL" : "legacy"): \(events)")
            #expect(delegate.names == [events[0].callbackName])
            switch expected {
            case "onAppOpenAttribution":
                let payload = AttributionPayload(entry["payload"]?.objectValue ?? [:])
                #expect(events[0] == .appOpenAttribution(payload))
            case "didResolveDeepLink FOUND":
                let payload = AttributionPayload(entry["payload"]?.objectValue ?? [:])
                #expect(events[0] == .deepLink(.found(DeepLink(clickEvent: payload, isDeferred: false))))
            default:
                #expect(events[0].description == expected, "\(udl ? "UDL" : "legacy")")
            }
        }
    }

    // MARK: - Payload JSON

    @Test("Hostile payload JSON: the exact PayloadError", arguments: jsonCases)
    func payloadJSON(_ entry: BadInputCorpus.Case) throws {
        let bytes: [UInt8]
        if let hex = entry["hex"]?.stringValue {
            bytes = try BadInputCorpus.bytes(hex: hex)
        } else {
            bytes = Array(try entry.text("text").utf8)
        }
        let expected = try entry.text("error")
        do {
            if entry["api"]?.stringValue == "payload" {
                let payload = try AttributionPayload(json: bytes)
                Issue.record("accepted: \(payload)")
            } else {
                let value = try AttributionValue(json: bytes)
                Issue.record("accepted: \(value)")
            }
        } catch {
            #expect(error.description == expected)
        }
    }
}
