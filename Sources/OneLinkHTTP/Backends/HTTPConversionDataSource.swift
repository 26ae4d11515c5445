import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// A ``ConversionDataSource`` that asks an HTTP server speaking the AppsFlyer-style wire format.
///
/// It sends `GET {base}/install_data/v5.0/{appID}?devkey=…&device_id=…&install_time=…&ip=…&model=…&os_version=…&language=…&advertising_id=…`
/// (`advertising_id` only when known; `install_time` as `yyyy-MM-dd HH:mm:ss.SSS`
/// UTC) and reads the JSON object it answers with the package's strict parser.
/// A non-2xx answer becomes ``AttributionError/httpStatus(code:reason:)`` with
/// the body's `error_reason`. See `Docs/http.md`.
public struct HTTPConversionDataSource: ConversionDataSource, HTTPBackend {
    /// The server, transport and limits of every request.
    public let configuration: HTTPBackendConfiguration

    /// Creates a source on `configuration`.
    public init(configuration: HTTPBackendConfiguration) {
        self.configuration = configuration
    }

    /// The request ``conversionData(for:)`` sends for `request`.
    func httpRequest(for request: InstallAttributionRequest) throws(AttributionError) -> HTTPRequest {
        var query: [(String, String)] = [
            ("devkey", request.devKey),
            ("device_id", request.deviceID),
            ("install_time", AttributionTimestamp.string(from: request.installTime)),
            ("ip", request.device.ipAddress),
            ("model", request.device.model),
            ("os_version", request.device.osVersion),
            ("language", request.device.language),
        ]
        if let advertisingID = request.device.advertisingID {
            query.append(("advertising_id", advertisingID))
        }
        query += HTTPIdentityFields.query(request.identity)
        let url = try configuration.url(
            path: SDKEndpoint.installData.path(request.appID), query: query,
            host: request.host)
        return configuration.request(.get, url, headers: ["Accept": "application/json"])
    }

    /// Returns the server's conversion data for the install.
    ///
    /// - Throws: ``AttributionError``: `httpStatus` for a non-2xx answer, `invalidResponse`
    ///   when the body is not a JSON object; `CancellationError` when cancelled.
    public func conversionData(for request: InstallAttributionRequest) async throws -> AttributionPayload {
        try await configuration.jsonObject(answering: try httpRequest(for: request))
    }
}
