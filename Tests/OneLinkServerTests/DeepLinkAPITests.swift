import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkServer
import Testing

/// The deep linking REST API for SDK-less apps (https://dev.appsflyer.com/hc/reference/post_ios-app-id):
/// `POST /v1.0/ios/{app_id}?af_sig=` with the documented body answers `{found, click_event}` with
/// `custom_params`, beside the SDK's own lookup on the same path.
@Suite("Server: deep linking REST API", .timeLimit(.minutes(5)))
struct DeepLinkAPITests {
    static let devKey = "w8sZzy8EaPaxFKfaoTqUi6"
    static let safari = ClickStoreServer.safari
    static let link =
        "/H5hv?pid=Email&c=my_new_campaign&af_c_id=394a89cf&af_sub1=my_afsub1&fruit_name=apples&fruit_amount=26"

    typealias Running = ClickStoreServer

    /// A server whose click handler's clicks answer the deep linking REST API, on a manual clock.
    func withServer(devKeys: Set<String> = [devKey], _ body: (Running) async throws -> Void) async throws {
        try await body(
            try Running(shortLinks: InMemoryShortLinkResolver()) {
                $0.conversionDataSource = InMemoryConversionDataSource()
                $0.devKeys = devKeys
                $0.deviceMemory = nil
                $0.landingPaths = []
            })
    }

    static func send(_ request: String, port server: EmbeddedServer) async throws -> RouteAnswer {
        try await server.exchange(request, clientIP: "203.0.113.7")
    }

    static func click(port server: EmbeddedServer, extra: [String] = []) async throws -> RouteAnswer {
        let lines =
            [
                "GET \(link) HTTP/1.1", "Host: 127.0.0.1", "User-Agent: \(safari)",
                "Accept-Language: en-US", "X-Forwarded-For: 203.0.113.7",
                "Referer: https://mail.example.com/",
            ] + extra + ["Connection: close", "", ""]
        return try await send(lines.joined(separator: "\r\n"), port: server)
    }

    /// The documented request, signed with `key` unless `signature` is given, in process.
    static func lookup(
        port server: EmbeddedServer, at date: Date, ip: String = "203.0.113.7", isFirst: String = "true",
        extra: [String: AttributionValue] = [:], drop: String? = nil, key: String = devKey,
        signature: String? = nil
    ) async throws -> RouteAnswer {
        let request = lookupRequest(
            at: date, ip: ip, isFirst: isFirst, extra: extra, drop: drop, key: key, signature: signature)
        return try await send(request, port: server)
    }

    /// The documented request text.
    static func lookupRequest(
        at date: Date, ip: String, isFirst: String, extra: [String: AttributionValue], drop: String?,
        key: String, signature: String?
    ) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS"
        let timestamp = formatter.string(from: date)
        var body: [String: AttributionValue] = [
            "is_first": .string(isFirst), "lang": "en-US", "os": "17.4", "timestamp": .string(timestamp),
            "type": "iPhone", "ip": .string(ip), "request_id": "1644179019889-6748098",
        ]
        body.merge(extra) { $1 }
        if let drop { body[drop] = nil }
        let json = String(decoding: AttributionPayload(body).jsonData(), as: UTF8.self)
        let sig = signature ?? SHA256.hmacHex(key: key, message: timestamp + ip)
        return
            "POST /v1.0/ios/id1234567890?af_sig=\(sig) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\nConnection: close\r\n\r\n"
            + json
    }

    @Test("a click, then the signed first-launch request: found, with custom_params and every documented key")
    func found() async throws {
        try await withServer { running in
            let clickTime = running.clock.now
            let click = try await Self.click(port: running.server)
            #expect(click.status == 302)
            await running.clock.advance(by: .seconds(120))
            let response = try await Self.lookup(port: running.server, at: running.clock.now)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let answer = try AttributionPayload(jsonString: response.body)
            #expect(answer["found"] == .bool(true))
            let event = try #require(answer["click_event"]?.objectValue)
            #expect(
                event["custom_params"]
                    == .object(["fruit_name": "apples", "fruit_amount": "26"]))
            #expect(event["media_source"] == "Email")
            #expect(event["campaign"] == "my_new_campaign")
            #expect(event["campaign_id"] == "394a89cf")
            #expect(event["match_type"] == "probabilistic")
            #expect(event["af_sub1"] == "my_afsub1")
            #expect(event["af_sub2"] == .null)
            #expect(event["click_http_referrer"] == "https://mail.example.com/")
            #expect(event["timestamp"] == .string(Self.format(clickTime)))
            #expect(
                Set(event.keys)
                    == [
                        "timestamp", "custom_params", "campaign_id", "match_type", "media_source", "campaign",
                        "click_http_referrer", "af_sub1", "af_sub2", "af_sub3", "af_sub4", "af_sub5",
                    ])
        }
    }

    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS"
        return formatter.string(from: date)
    }

    @Test(
        "no matching click, another IP, or a later launch (is_first false) is found:false with an empty event"
    )
    func notFound() async throws {
        try await withServer { running in
            let server = running.server
            let before = try await Self.lookup(port: server, at: running.clock.now)
            #expect(before.body == #"{"click_event":{},"found":false}"#)
            _ = try await Self.click(port: server)
            await running.clock.advance(by: .seconds(60))
            let otherIP = try await Self.lookup(port: server, at: running.clock.now, ip: "198.51.100.1")
            #expect(otherIP.body == #"{"click_event":{},"found":false}"#)
            let later = try await Self.lookup(port: server, at: running.clock.now, isFirst: "false")
            #expect(later.body == #"{"click_event":{},"found":false}"#)
            let late = try await Self.lookup(port: server, at: running.clock.now.addingTimeInterval(3600))
            #expect(late.body == #"{"click_event":{},"found":false}"#)
        }
    }

    @Test("an unhashed IDFA with ATT authorized is ID-matched from another IP; denied ATT ignores it")
    func idfaMatching() async throws {
        try await withServer { running in
            let server = running.server
            _ = try await Self.click(port: server, extra: ["X-OneLink-Advertising-ID: AAAA-1111"])
            await running.clock.advance(by: .seconds(60))
            let idfa: AttributionValue = .object(["type": "unhashed", "value": "AAAA-1111"])
            let matched = try await Self.lookup(
                port: server, at: running.clock.now, ip: "198.51.100.1",
                extra: ["idfa": idfa, "att_status": .int(1)])
            let event = try AttributionPayload(jsonString: matched.body)["click_event"]?.objectValue
            #expect(event?["match_type"] == "id_matching")
            let denied = try await Self.lookup(
                port: server, at: running.clock.now, ip: "198.51.100.1",
                extra: ["idfa": idfa, "att_status": .int(2)])
            #expect(denied.body == #"{"click_event":{},"found":false}"#)
        }
    }

    @Test(
        "a wrong signature, a missing required field or a bad timestamp is 400 {\"message\":\"Bad Request\"}",
        arguments: ["signature", "is_first", "lang", "os", "timestamp", "type", "ip", "time-format", "json"])
    func badRequests(fault: String) async throws {
        try await withServer { running in
            let server = running.server
            let response: RouteAnswer
            switch fault {
            case "signature":
                response = try await Self.lookup(port: server, at: running.clock.now, key: "another-key")
            case "time-format":
                response = try await Self.lookup(
                    port: server, at: running.clock.now, extra: ["timestamp": "22/01/2015 08:45"])
            case "json":
                let request =
                    "POST /v1.0/ios/id1?af_sig=00 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\n[1,2]"
                response = try await Self.send(request, port: server)
            default:
                response = try await Self.lookup(port: server, at: running.clock.now, drop: fault)
            }
            #expect(response.status == 400)
            #expect(response.body == #"{"message":"Bad Request"}"#)
            #expect(response.header("X-OneLink-Emulator-Reason")?.isEmpty == false)
        }
    }

    @Test("without configured dev keys any non-empty af_sig is accepted; an empty one is not")
    func noConfiguredKeys() async throws {
        try await withServer(devKeys: []) { running in
            let server = running.server
            let any = try await Self.lookup(port: server, at: running.clock.now, signature: "anything")
            #expect(any.status == 200)
            let empty = try await Self.lookup(port: server, at: running.clock.now, signature: "")
            #expect(empty.status == 400)
        }
    }

    @Test("the SDK's own lookup on the same path, without af_sig, keeps its contract")
    func sdkContractUnchanged() async throws {
        try await withServer { running in
            let body = #"{"device_id":"d1","install_time":"2026-11-20 10:00:00.000","device":{}}"#
            let request =
                "POST /v1.0/ios/id1234567890?devkey=x HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n" + body
            let response = try await Self.send(request, port: running.server)
            #expect(response.status == 200)
            #expect(response.body == #"{"click_event":{},"found":false}"#)
        }
    }
}
