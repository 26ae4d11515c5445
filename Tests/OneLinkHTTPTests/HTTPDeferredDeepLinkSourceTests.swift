import Foundation
import OneLinkEmulator
import OneLinkHTTP
import OneLinkSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct HTTPDeferredDeepLinkSourceTests {
    func request(advertisingID: String? = nil) -> InstallAttributionRequest {
        InstallAttributionRequest(
            appID: "1234567890", devKey: "fixture dev+key", deviceID: "device-deferred",
            installTime: Date(timeIntervalSince1970: 1_597_244_913.5),
            device: DeviceInfo(advertisingID: advertisingID))
    }

    func answer(_ body: String, status: Int = 200) async throws -> DeferredDeepLinkResponse {
        let source = try HTTPDeferredDeepLinkSource(
            baseURL: URL(string: "https://api.fixture.example")!,
            transport: HTTPFakeTransport(status: status, body: body))
        return try await source.deferredDeepLink(for: request())
    }

    @Test func theRequestIsOnePOSTWithTheExactURLHeadersAndBody() async throws {
        let transport = HTTPFakeTransport(status: 200, body: #"{"found": false}"#)
        let source = try HTTPDeferredDeepLinkSource(
            baseURL: URL(string: "https://api.fixture.example/")!, transport: transport, timeout: .seconds(2))
        _ = try await source.deferredDeepLink(for: request())
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .post)
        #expect(
            sent.url.absoluteString
                == "https://api.fixture.example/v1.0/ios/1234567890?devkey=fixture%20dev%2Bkey")
        #expect(sent.headers == ["Content-Type": "application/json", "Accept": "application/json"])
        #expect(sent.timeout == .seconds(2))
        #expect(
            sent.body.map { String(decoding: $0, as: UTF8.self) }
                == #"{"device":{"ip":"203.0.113.7","language":"en-US","model":"iPhone","os_version":"17.4"},"#
                + #""device_id":"device-deferred","install_time":"2020-08-12 15:08:33.500"}"#)
    }

    @Test func theBodyCarriesTheAdvertisingIDWhenKnown() async throws {
        let transport = HTTPFakeTransport(status: 200, body: #"{"found": false}"#)
        let source = try HTTPDeferredDeepLinkSource(
            baseURL: URL(string: "https://api.fixture.example")!, transport: transport)
        _ = try await source.deferredDeepLink(for: request(advertisingID: "AAAA-1"))
        let body = try #require(transport.requests.first?.body)
        #expect(
            try AttributionPayload(json: body)["device"]
                == .object([
                    "advertising_id": "AAAA-1", "ip": "203.0.113.7", "language": "en-US", "model": "iPhone",
                    "os_version": "17.4",
                ]))
    }

    @Test func aFoundAnswerCarriesTheClickEvent() async throws {
        let body =
            #"{"found": true, "click_event": {"deep_link_value": "peaches", "deep_link_sub1": 10, "match_type": "probabilistic"}}"#
        #expect(
            try await answer(body)
                == DeferredDeepLinkResponse(
                    found: true,
                    clickEvent: [
                        "deep_link_value": "peaches", "deep_link_sub1": 10, "match_type": "probabilistic",
                    ]))
    }

    @Test(arguments: [
        #"{"found": false}"#, #"{"found": false, "click_event": {}}"#,
        #"{"found": false, "click_event": null}"#,
        #"{"found": false, "click_event": {"deep_link_value": "ignored"}}"#,
    ])
    func aNotFoundAnswerHasAnEmptyClickEvent(body: String) async throws {
        #expect(try await answer(body) == .notFound)
    }

    @Test func aFoundAnswerWithoutAClickEventIsFoundAndEmpty() async throws {
        #expect(try await answer(#"{"found": true}"#) == DeferredDeepLinkResponse(found: true))
    }

    @Test(arguments: [
        (#"{"click_event": {}}"#, #"lacks a boolean "found""#),
        (#"{"found": "true"}"#, #"lacks a boolean "found""#),
        (#"{"found": 1}"#, #"lacks a boolean "found""#),
        (#"{"found": true, "click_event": []}"#, #""click_event" in the answer of POST "#),
        (#"{"found": true, "click_event": "deep_link_value=x"}"#, "is string, not an object"),
    ])
    func aMalformedAnswerIsAnInvalidResponse(body: String, fragment: String) async throws {
        await #expect {
            try await answer(body)
        } throws: { error in
            guard case .invalidResponse(let message)? = error as? AttributionError else { return false }
            return message.contains(fragment)
        }
    }

    @Test func anErrorAnswerCarriesItsStatusAndErrorReason() async throws {
        await #expect(throws: AttributionError.httpStatus(code: 401, reason: "invalid dev key")) {
            try await answer(#"{"error_reason": "invalid dev key", "status_code": 401}"#, status: 401)
        }
    }
}
