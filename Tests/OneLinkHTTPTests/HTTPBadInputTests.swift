import Foundation
import OneLinkBadInputCorpus
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkHTTP
import Testing

/// The hostile HTTP answers of `Payloads/bad-input/http-responses.json`, through the HTTP resolver and the SDK.
@Suite(.timeLimit(.minutes(5))) struct HTTPBadInputTests {
    static let httpCases = BadInputCorpus.cases("http-responses.json")

    @Test(
        "Hostile HTTP answer: the exact AttributionError from the resolver and in both callbacks",
        arguments: httpCases)
    func httpResponse(_ entry: BadInputCorpus.Case) async throws {
        let status = try #require(entry["status"]?.intValue)
        let headers = (entry["headers"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
        let transport = HTTPFakeTransport(status: status, headers: headers, body: try entry.text("body"))
        let resolver = try HTTPShortLinkResolver(
            baseURL: URL(string: "https://api.fixture.example")!, transport: transport,
            maximumResponseBytes: entry["max_bytes"]?.intValue ?? HTTPRequest.defaultMaximumResponseBytes)
        let isRedirect = entry["call"]?.stringValue == "redirect"

        var directError: String?
        do {
            if isRedirect {
                let target = try await resolver.redirectTarget(
                    of: "https://click.fixture.example/a", headers: [:])
                #expect(target == entry["target"]?.stringValue)
            } else {
                let payload = try await resolver.resolve(
                    ShortLinkRequest(
                        host: "onelink-basic-app.onelink.me", template: "H5hv", shortID: "6d66214a",
                        link: "https://onelink-basic-app.onelink.me/H5hv/6d66214a"))
                Issue.record("accepted: \(payload)")
            }
        } catch {
            directError = AttributionError(wrapping: error).explanation
        }
        if entry["error"] != nil {
            #expect(directError == (try entry.text("error")))
        } else {
            #expect(directError == nil)
        }

        let sdkError = try entry.text(entry["sdk_error"] != nil ? "sdk_error" : "error")
        for udl in [false, true] {
            let clock = ManualClock()
            let sdk = AppsFlyerLib(
                shortLinkResolver: resolver, conversionDataSource: .inMemory(.organic, clock: clock),
                clock: clock, logSink: RecordingDebugLogSink())
            sdk.resolveDeepLinkURLs = ["click.fixture.example"]
            let delegate = CallbackRecorder()
            sdk.delegate = delegate
            if udl { sdk.deepLinkDelegate = delegate }
            let link =
                isRedirect
                ? "https://click.fixture.example/a" : "https://onelink-basic-app.onelink.me/H5hv/6d66214a"
            let events = await sdk.perform(.universalLink(link))
            let expected =
                udl ? "didResolveDeepLink FAILURE \(sdkError)" : "onAppOpenAttributionFailure \(sdkError)"
            #expect(events.map(\.description) == [expected])
            #expect(delegate.names == [udl ? "didResolveDeepLink" : "onAppOpenAttributionFailure"])
        }
    }
}
