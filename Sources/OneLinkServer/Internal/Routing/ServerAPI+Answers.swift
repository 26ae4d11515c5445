import Foundation
import OneLinkEmulator
import OneLinkSupport

/// A request body an API refuses, with the answer to send instead.
struct Rejection: Error {
    /// The `400` answer naming what is wrong.
    let response: ServerResponse
}

/// The answers several APIs build alike.
extension ServerAPI {
    /// Maps a backend failure: an HTTP status keeps its code and reason; anything else is 502.
    static func failure(_ error: any Error) -> ServerResponse {
        if error is CancellationError { return .closed }
        switch AttributionError(wrapping: error) {
        case .httpStatus(let code, let reason) where (100...599).contains(code):
            return .error(HTTPStatus(code: code), reason ?? "HTTP \(code)")
        case let other:
            return .error(502, other.description)
        }
    }

    /// `text` as `text/plain; charset=utf-8`.
    static func plainText(_ status: HTTPStatus, _ text: String) -> ServerResponse {
        ServerResponse(
            status: status, headers: [(.contentType, "text/plain; charset=utf-8")], body: Array(text.utf8))
    }

    /// A `302` to `location`, with a small HTML page linking it.
    static func redirect(to location: String) -> ServerResponse {
        ServerResponse(
            status: 302, headers: [(.location, location), (.contentType, "text/html; charset=utf-8")],
            body: Array("<!DOCTYPE html><a href=\"\(location)\">Continue</a>\n".utf8))
    }

    /// The request's body as a JSON object.
    static func jsonBody(of request: ServerRequest) throws(Rejection) -> AttributionPayload {
        do {
            return try AttributionPayload(json: request.body)
        } catch {
            throw Rejection(response: .error(400, "the body is not a JSON object: \(error)"))
        }
    }

    /// The request's JSON object body and its non-empty `appsflyer_id`.
    static func deviceBody(of request: ServerRequest) throws(Rejection) -> (AttributionPayload, String) {
        let body = try jsonBody(of: request)
        guard let deviceID = body["appsflyer_id"]?.stringValue, !deviceID.isEmpty else {
            throw Rejection(response: .error(400, "the body has no appsflyer_id string"))
        }
        return (body, deviceID)
    }

    /// `2024-07-01T12:00:00Z`, as the OneLink API's `expiry` and the Test Console's times.
    static func isoTimestamp(_ date: Date) -> String { AttributionTimestamp.internetDateTime(from: date) }
}
