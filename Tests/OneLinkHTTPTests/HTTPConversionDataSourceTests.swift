import Foundation
import OneLinkEmulator
import OneLinkHTTP
import OneLinkSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct HTTPConversionDataSourceTests {
    static let installTime = Date(timeIntervalSince1970: 1_597_244_913.5)

    func request(advertisingID: String? = nil) -> InstallAttributionRequest {
        InstallAttributionRequest(
            appID: "1234567890", devKey: "fixture-dev-key", deviceID: "device 1/ü",
            installTime: Self.installTime,
            device: DeviceInfo(
                ipAddress: "203.0.113.7", model: "iPhone15,2", osVersion: "17.4", language: "en-US",
                advertisingID: advertisingID))
    }

    @Test func theRequestIsOneGETWithTheExactQueryInOrder() async throws {
        let transport = HTTPFakeTransport(status: 200, body: "{}")
        let source = try HTTPConversionDataSource(
            baseURL: URL(string: "https://api.fixture.example")!, transport: transport, timeout: .seconds(4))
        _ = try await source.conversionData(for: request())
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .get)
        #expect(sent.body == nil)
        #expect(sent.timeout == .seconds(4))
        #expect(sent.headers == ["Accept": "application/json"])
        #expect(
            sent.url.absoluteString
                == "https://api.fixture.example/install_data/v5.0/1234567890?devkey=fixture-dev-key"
                + "&device_id=device%201%2F%C3%BC&install_time=2020-08-12%2015%3A08%3A33.500&ip=203.0.113.7"
                + "&model=iPhone15%2C2&os_version=17.4&language=en-US")
    }

    @Test func theAdvertisingIDIsSentLastWhenKnown() async throws {
        let transport = HTTPFakeTransport(status: 200, body: "{}")
        let source = try HTTPConversionDataSource(
            baseURL: URL(string: "http://127.0.0.1:9/")!, transport: transport)
        _ = try await source.conversionData(
            for: request(advertisingID: "00000000-1111-2222-3333-444444444444"))
        let url = try #require(transport.requests.first?.url.absoluteString)
        #expect(url.hasPrefix("http://127.0.0.1:9/install_data/v5.0/1234567890?devkey="))
        #expect(url.hasSuffix("&language=en-US&advertising_id=00000000-1111-2222-3333-444444444444"))
    }

    @Test func theAnswerIsTheConversionDataObject() async throws {
        let body =
            #"{"af_status": "Non-organic", "media_source": "Email", "af_cost_value": 6, "is_first_launch": true}"#
        let source = try HTTPConversionDataSource(
            baseURL: URL(string: "https://api.fixture.example")!,
            transport: HTTPFakeTransport(status: 200, body: body))
        #expect(
            try await source.conversionData(for: request())
                == [
                    "af_status": "Non-organic", "media_source": "Email", "af_cost_value": 6,
                    "is_first_launch": true,
                ])
    }

    @Test func anErrorAnswerCarriesItsStatusAndErrorReason() async throws {
        let body = #"{"error_reason": "no conversion data yet", "status_code": 404}"#
        let source = try HTTPConversionDataSource(
            baseURL: URL(string: "https://api.fixture.example")!,
            transport: HTTPFakeTransport(status: 404, body: body))
        await #expect(throws: AttributionError.httpStatus(code: 404, reason: "no conversion data yet")) {
            try await source.conversionData(for: request())
        }
    }

    @Test func aJSONArrayIsAnInvalidResponse() async throws {
        let source = try HTTPConversionDataSource(
            baseURL: URL(string: "https://api.fixture.example")!,
            transport: HTTPFakeTransport(status: 200, body: "[{}]"))
        await #expect {
            try await source.conversionData(for: request())
        } throws: { error in
            guard case .invalidResponse(let message)? = error as? AttributionError else { return false }
            return message.hasSuffix(
                "did not answer a JSON object: expected a JSON object at the top level, found array")
        }
    }

    @Test func aConnectionFailureFromTheTransportIsMapped() async throws {
        let source = try HTTPConversionDataSource(
            baseURL: URL(string: "https://api.fixture.example")!,
            transport: HTTPFakeTransport(throwing: URLError(.cannotFindHost)))
        await #expect(throws: AttributionError.hostNotFound("api.fixture.example")) {
            try await source.conversionData(for: request())
        }
    }
}

@Suite("HTTP backends follow setHost and send the identity", .timeLimit(.minutes(5)))
struct HTTPHostAndIdentityTests {
    func request(host: String?) -> InstallAttributionRequest {
        InstallAttributionRequest(
            appID: "1234567890", devKey: "key", deviceID: "d", installTime: Date(timeIntervalSince1970: 0),
            identity: UserIdentity(customerUserID: "user-42", customData: ["plan": "gold"]), host: host)
    }

    @Test("A custom host replaces the base URL: http for loopback, https otherwise")
    func customHost() async throws {
        let transport = HTTPFakeTransport(status: 200, body: "{}")
        let source = try HTTPConversionDataSource(
            baseURL: URL(string: "https://api.fixture.example")!, transport: transport)
        _ = try await source.conversionData(for: request(host: nil))
        _ = try await source.conversionData(for: request(host: "127.0.0.1:8080"))
        _ = try await source.conversionData(for: request(host: "eu.example.com"))
        let urls = transport.requests.map { $0.url.absoluteString.prefix { $0 != "?" } }
        #expect(
            urls == [
                "https://api.fixture.example/install_data/v5.0/1234567890",
                "http://127.0.0.1:8080/install_data/v5.0/1234567890",
                "https://eu.example.com/install_data/v5.0/1234567890",
            ])
    }

    @Test("The identity is sent as query items")
    func identityQuery() async throws {
        let transport = HTTPFakeTransport(status: 200, body: "{}")
        let source = try HTTPConversionDataSource(
            baseURL: URL(string: "https://api.fixture.example")!, transport: transport)
        _ = try await source.conversionData(for: request(host: nil))
        let url = try #require(transport.requests.first?.url.absoluteString)
        #expect(url.hasSuffix("&customer_user_id=user-42&custom_data=%7B%22plan%22%3A%22gold%22%7D"))
    }
}

@Suite("HTTPLaunchRecorder", .timeLimit(.minutes(5)))
struct HTTPLaunchRecorderTests {
    let request = LaunchRequest(
        appID: "1234567890", devKey: "key", deviceID: "d-1", sessionCount: 2, device: DeviceInfo(),
        identity: UserIdentity(customerUserID: "user-42"))

    @Test("One POST with the dev key header and the launch body; the JSON answer is the response")
    func accepted() async throws {
        let transport = HTTPFakeTransport(status: 200, body: #"{"status":"ok"}"#)
        let recorder = try HTTPLaunchRecorder(
            baseURL: URL(string: "https://launches.fixture.example")!, transport: transport)
        let response = try await recorder.recordLaunch(request)
        #expect(response == ["status": "ok"])
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .post)
        #expect(sent.url.absoluteString == "https://launches.fixture.example/api/v6/iosevent/1234567890")
        #expect(sent.headers["authentication"] == "key")
        #expect(
            try AttributionPayload(jsonString: String(decoding: sent.body ?? Data(), as: UTF8.self))
                == ["appsflyer_id": "d-1", "counter": 2, "customer_user_id": "user-42"])
    }

    @Test("A 403 answer is an httpStatus error that bridges to code 50")
    func rejected() async throws {
        let transport = HTTPFakeTransport(status: 403, body: #"{"error_reason":"invalid dev key"}"#)
        let recorder = try HTTPLaunchRecorder(
            baseURL: URL(string: "https://launches.fixture.example")!, transport: transport)
        do {
            _ = try await recorder.recordLaunch(request)
            Issue.record("a 403 should throw")
        } catch {
            #expect((error as NSError).code == 50)
            #expect((error as NSError).localizedDescription == "Status code failure: 403")
        }
    }
}
