import Foundation
import OneLinkEmulator
import OneLinkSupport

/// Checks a transport's response and reads its JSON body the way every HTTP backend must.
enum HTTPResponseReader {
    /// Rejects a body over the limit or shorter than its `Content-Length`.
    static func checkBody(of response: HTTPResponse, for request: HTTPRequest) throws(AttributionError) {
        if response.body.count > request.maximumResponseBytes {
            throw AttributionError.responseTooLarge(limit: request.maximumResponseBytes)
        }
        // A decoded (for example gzip) body no longer matches the length the server announced.
        let encoding = response.header("Content-Encoding")?.lowercased() ?? "identity"
        if encoding == "identity", let announced = response.header(.contentLength),
            let expected = Int(announced.trimmingCharacters(in: .whitespaces)),
            response.body.count < expected
        {
            throw AttributionError.truncatedResponse(expected: expected, received: response.body.count)
        }
    }

    /// Returns the `error_reason` of a JSON error body, when it has one.
    static func errorReason(in body: Data) -> String? {
        guard let payload = try? AttributionPayload(json: body) else { return nil }
        return payload["error_reason"]?.stringValue
    }

    /// Throws ``AttributionError/httpStatus(code:reason:)`` unless the status is 2xx.
    static func checkStatus(of response: HTTPResponse) throws(AttributionError) {
        guard response.isSuccess else {
            throw AttributionError.httpStatus(
                code: response.statusCode, reason: errorReason(in: response.body))
        }
    }

    /// Checks body and status, then parses the body as a JSON object with the strict parser.
    static func jsonObject(
        from response: HTTPResponse, for request: HTTPRequest
    ) throws(AttributionError) -> AttributionPayload {
        try checkBody(of: response, for: request)
        try checkStatus(of: response)
        do {
            return try AttributionPayload(json: response.body)
        } catch {
            throw AttributionError.invalidResponse(
                "\(request.method) \(request.url.absoluteString) did not answer a JSON object: \(error)")
        }
    }

    /// Sends `request` through `transport` after the policy check, mapping every failure.
    static func send(
        _ request: HTTPRequest, on transport: any HTTPTransport
    ) async throws -> HTTPResponse {
        try HTTPURLPolicy.validate(request.url)
        try Task.checkCancellation()
        do {
            return try await transport.send(request)
        } catch {
            throw HTTPErrorMapping.map(error, for: request)
        }
    }
}
