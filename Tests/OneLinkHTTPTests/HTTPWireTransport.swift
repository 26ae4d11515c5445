import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkHTTP

/// An ``HTTPTransport`` that plays the server side of the wire format in process, from a fixture's in-memory backends.
///
/// It decodes exactly what `Docs/http.md` specifies, so the HTTP backends can
/// run through the conformance checks before a real server exists.
struct HTTPWireTransport: HTTPTransport {
    let resolver: InMemoryShortLinkResolver
    let conversion: InMemoryConversionDataSource
    let deferred: InMemoryDeferredDeepLinkSource

    init(fixture: BackendFixture) {
        resolver = fixture.makeShortLinkResolver()
        conversion = fixture.makeConversionDataSource()
        deferred = fixture.makeDeferredDeepLinkSource()
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else {
            return Self.failure(400, "unreadable URL")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let segments = components.percentEncodedPath.split(separator: "/").map {
            $0.removingPercentEncoding ?? ""
        }
        let route = "\(request.method) /" + segments.dropLast().joined(separator: "/")
        let last = segments.last ?? ""
        do {
            switch route {
            case "GET /shortlink-sdk/v2":
                let template = last
                let link = ShortLinkRequest(
                    host: "api", template: template, shortID: query["id"] ?? "",
                    link: request.url.absoluteString)
                return Self.success(try await resolver.resolve(link))
            case "GET /install_data/v5.0":
                let appID = last
                let device = DeviceInfo(
                    ipAddress: query["ip"] ?? "", model: query["model"] ?? "",
                    osVersion: query["os_version"] ?? "",
                    language: query["language"] ?? "", advertisingID: query["advertising_id"])
                let conversionRequest = InstallAttributionRequest(
                    appID: appID, devKey: query["devkey"] ?? "", deviceID: query["device_id"] ?? "",
                    installTime: AttributionTimestamp.date(from: query["install_time"] ?? "") ?? .distantPast,
                    device: device)
                return Self.success(try await conversion.conversionData(for: conversionRequest))
            case "POST /v1.0/ios":
                let appID = last
                let body = try AttributionPayload(json: request.body ?? Data())
                let lookup = InstallAttributionRequest(
                    appID: appID, devKey: query["devkey"] ?? "",
                    deviceID: body["device_id"]?.stringValue ?? "",
                    installTime: AttributionTimestamp.date(from: body["install_time"]?.stringValue ?? "")
                        ?? .distantPast)
                let answer = try await deferred.deferredDeepLink(for: lookup)
                return Self.success([
                    "found": .bool(answer.found), "click_event": .object(answer.clickEvent.values),
                ])
            default:
                guard
                    let target = try await resolver.redirectTarget(
                        of: request.url.absoluteString, headers: [:])
                else {
                    return HTTPResponse(
                        statusCode: 200, headers: ["Content-Type": "text/html"], body: Data("ok".utf8))
                }
                return HTTPResponse(statusCode: 302, headers: ["Location": target])
            }
        } catch AttributionError.httpStatus(let code, let reason) {
            return Self.failure(code, reason ?? "")
        }
    }

    static func success(_ payload: AttributionPayload) -> HTTPResponse {
        HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: payload.jsonData())
    }

    static func failure(_ code: Int, _ reason: String) -> HTTPResponse {
        let body: AttributionPayload = ["error_reason": .string(reason), "status_code": .int(code)]
        return HTTPResponse(
            statusCode: code, headers: ["Content-Type": "application/json"], body: body.jsonData())
    }
}
