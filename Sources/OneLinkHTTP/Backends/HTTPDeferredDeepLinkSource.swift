import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// A ``DeferredDeepLinkSource`` that asks an HTTP server speaking the AppsFlyer-style wire format.
///
/// It sends `POST {base}/v1.0/ios/{appID}?devkey={devKey}` with the JSON body
/// `{"device": {"advertising_id", "ip", "language", "model", "os_version"}, "device_id", "install_time"}`
/// (`advertising_id` only when known) and reads `{"found": bool, "click_event": {...}}`.
/// `click_event` may be missing, `null` or `{}` when nothing was found. See `Docs/http.md`.
public struct HTTPDeferredDeepLinkSource: DeferredDeepLinkSource, HTTPBackend {
    /// The server, transport and limits of every request.
    public let configuration: HTTPBackendConfiguration

    /// Creates a source on `configuration`.
    public init(configuration: HTTPBackendConfiguration) {
        self.configuration = configuration
    }

    /// The request ``deferredDeepLink(for:)`` sends for `request`.
    func httpRequest(for request: InstallAttributionRequest) throws(AttributionError) -> HTTPRequest {
        var device: [String: AttributionValue] = [
            "ip": .string(request.device.ipAddress),
            "model": .string(request.device.model),
            "os_version": .string(request.device.osVersion),
            "language": .string(request.device.language),
        ]
        if let advertisingID = request.device.advertisingID {
            device["advertising_id"] = .string(advertisingID)
        }
        let body: AttributionValue = .object([
            "device_id": .string(request.deviceID),
            "install_time": .string(AttributionTimestamp.string(from: request.installTime)),
            "device": .object(device),
        ])
        let url = try configuration.url(
            path: SDKEndpoint.deferredDeepLink.path(request.appID), query: [("devkey", request.devKey)],
            host: request.host)
        return configuration.request(
            .post, url, headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: body.jsonData())
    }

    /// Returns the server's answer: found with the click event, or not found.
    ///
    /// - Throws: ``AttributionError``: `httpStatus` for a non-2xx answer, `invalidResponse` when the body
    ///   is not a JSON object, lacks a boolean `found` or has a `click_event` that is not an object;
    ///   `CancellationError` when cancelled.
    public func deferredDeepLink(
        for request: InstallAttributionRequest
    ) async throws -> DeferredDeepLinkResponse {
        let httpRequest = try httpRequest(for: request)
        let answer = try await configuration.jsonObject(answering: httpRequest)
        let url = httpRequest.url.absoluteString
        guard case .bool(let found)? = answer["found"] else {
            throw AttributionError.invalidResponse("the answer of POST \(url) lacks a boolean \"found\"")
        }
        switch answer["click_event"] {
        case nil, .null?:
            return DeferredDeepLinkResponse(found: found)
        case .object(let members)?:
            return DeferredDeepLinkResponse(
                found: found, clickEvent: found ? AttributionPayload(members) : [:])
        case let other?:
            throw AttributionError.invalidResponse(
                "\"click_event\" in the answer of POST \(url) is \(other.typeName), not an object")
        }
    }
}
