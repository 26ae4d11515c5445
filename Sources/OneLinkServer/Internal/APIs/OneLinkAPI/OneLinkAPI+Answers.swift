import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The OneLink API's checks and answers.
extension OneLinkAPI {
    /// Refuses a create under a `onelink-id` the click handler does not know (when it knows any), since
    /// a click on the link would find no template.
    func requireKnownTemplate(_ template: String) throws(OneLinkAPIError) {
        guard let templates = configuration.clickHandler?.configuration.templates, !templates.isEmpty else {
            return
        }
        guard templates.contains(template) else { throw .templateNotFound }
    }

    /// A link's parameters as the get calls answer them: the query parameters they are, so every
    /// value is a string (`true`, `26`), as in the reference's example; a `null` is left out.
    static func queryParameters(_ payload: AttributionPayload) -> [String: AttributionValue] {
        payload.values.compactMapValues { $0.isNull ? nil : .string($0.textValue) }
    }

    /// Whether `path` is under v2.0's prefix, where every answer is the API's JSON error shape.
    static func isOneLinkV2Path(_ path: String) -> Bool {
        path == "/api/v2.0" || path.hasPrefix("/api/v2.0/")
    }

    /// The 404 or 405 of a path under `/api/v2.0/` that is none of the API's calls (or a method one
    /// does not take), in the API's `{"error_type", "message"}` shape.
    static func oneLinkV2RouteError(allowed: String?) -> ServerResponse {
        let error: OneLinkAPIError = allowed.map { .methodNotAllowed(allowed: $0) } ?? .routeNotFound
        var response = ServerResponse.json(
            HTTPStatus(code: error.status),
            ["error_type": .string(error.errorType), "message": .string(error.message)])
        if let allowed { response.headers.append((.allow, allowed)) }
        return response
    }

    /// `GET …/qr`: the link as a QR code, `{"qr": "image/png;base64,…"}`, or
    /// `{"qr": "image/jpeg;base64,…"}` for `format=jpg` or `jpeg`.
    func qrCode(
        _ request: ServerRequest, service: OneLinkAPIService, template: String, shortID: String
    ) throws(OneLinkAPIError) -> ServerResponse {
        let link = try service.link(template: template, shortID: shortID)
        guard let record = link.record, record.createdBy == .v2 else { throw .invalidSource }
        var size = 300
        if let text = query(request, "size") {
            guard let value = Int(text), (21...3000).contains(value) else {
                throw .invalidQRParameter("size")
            }
            size = value
        }
        var isJPEG = false
        if let format = query(request, "format") {
            guard ["png", "jpg", "jpeg"].contains(format) else { throw .invalidQRParameter("format") }
            isJPEG = format != "png"
        }
        var margin = true
        if let text = query(request, "margin") {
            guard let value = Bool(text) else { throw .invalidQRParameter("margin") }
            margin = value
        }
        var domain = record.domain
        if let brand = query(request, "brand_domain"), !brand.isEmpty {
            // The QR reference lists no 403; an unusable parameter there is `400 Invalid QR parameter`.
            guard service.settings.brandDomains.contains(brand.lowercased()) else {
                throw .invalidQRParameter("brand_domain")
            }
            domain = brand.lowercased()
        }
        let url = "https://\(domain)/\(template)/\(shortID)"
        guard let code = QRCode(text: url) else {
            throw .invalidQRParameter("the link is too long for a QR code")
        }
        // The reference's example answer has no "data:" before the media type; neither does this.
        let image =
            isJPEG
            ? "image/jpeg;base64," + Data(code.jpeg(size: size, margin: margin)).base64EncodedString()
            : "image/png;base64," + Data(code.png(size: size, margin: margin)).base64EncodedString()
        return .json(200, ["qr": .string(image)])
    }

    /// The JSON object body of an API call, or 400 `invalid_parameter`.
    static func apiBody(_ request: ServerRequest) throws(OneLinkAPIError) -> AttributionPayload {
        do {
            return try AttributionPayload(json: request.body)
        } catch {
            throw .invalidRequestBody("the body is not a JSON object")
        }
    }

    /// v1's `?id=` short-link ID, or 400.
    static func v1ID(_ request: ServerRequest) throws(OneLinkAPIError) -> String {
        guard let id = request.queryValue("id"), !id.isEmpty else {
            throw .invalidRequestBody("missing query parameter id")
        }
        return id
    }

}
