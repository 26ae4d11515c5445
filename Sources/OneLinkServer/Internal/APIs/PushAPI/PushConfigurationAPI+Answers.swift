import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The Push API configuration API's checks and answers.
extension PushConfigurationAPI {
    /// The most endpoints an app has: the Push API allows 6 (PushAPISettings).
    static let maximumEndpoints = 6

    /// The sender whose endpoints the API reads and replaces, when the server has the Push API.
    private var sender: PushPostbackSender? { context.push.sender }

    /// A reference error, with a fresh `request_id`.
    static func configurationError(_ status: HTTPStatus, _ code: String, _ message: String) -> ServerResponse
    {
        .json(
            status,
            [
                "code": .string(code), "message": .string(message),
                "request_id": .string(UUID().uuidString.lowercased()),
            ])
    }

    /// `{"request_id": …}` and more.
    private static func success(_ extra: AttributionPayload = [:]) -> ServerResponse {
        var body = extra
        body["request_id"] = .string(UUID().uuidString.lowercased())
        return .json(200, body)
    }

    /// The documented 401 for a missing or refused `Authorization: Bearer` token.
    func tokenRefusal(_ request: ServerRequest) -> ServerResponse? {
        let header = request.header(.authorization) ?? ""
        let token = header.lowercased().hasPrefix("bearer ") ? String(header.dropFirst(7)) : ""
        let tokens = configuration.oneLinkAPI?.tokens ?? []
        guard !token.isEmpty, tokens.isEmpty || tokens.contains(token) else {
            return Self.configurationError(
                401, "AuthenticationFailed", "Authentication failed. The authentication token is not valid.")
        }
        return nil
    }

    /// The 401, then the 402 of a server without the Push API, then the 403 of an app the server
    /// does not know.
    func refusal(_ request: ServerRequest, appID: String) -> ServerResponse? {
        if let refusal = tokenRefusal(request) { return refusal }
        guard sender != nil else {
            var response = Self.configurationError(
                402, "MissingAsset",
                "Push API isn't part of your subscription. Contact AppsFlyer support or your AppsFlyer account executive"
            )
            response.headers.append(
                (.oneLinkWarning, "this server has no Push API; start serve with --push-url"))
            return response
        }
        if let handler = configuration.clickHandler, !handler.configuration.appIDs.isEmpty,
            !handler.configuration.acceptsAppID(appID)
        {
            return Self.configurationError(
                403, "UnknownAppid",
                "The app ID specified wasn't found. Check that the app ID is identical to that in AppsFlyer in your account."
            )
        }
        return nil
    }

    /// `GET …/app/{app-id}`: the endpoints as the reference's `RegularIosConfig`.
    func configurationAnswer() -> ServerResponse {
        let endpoints = sender?.table.endpoints ?? []
        return .json(200, ["endpoints": .array(endpoints.map { .object(Self.json($0).values) })])
    }

    static func json(_ endpoint: PushEndpointTable.Endpoint) -> AttributionPayload {
        let types = endpoint.eventTypes.map { types in PushAPISettings.eventTypes.filter(types.contains) }
        let fields: AttributionValue =
            endpoint.defaultFields
            ? "default" : endpoint.selectedFields.map { .array($0.map { .string($0) }) } ?? "all"
        return [
            "url": .string(endpoint.endpoint.url.absoluteString),
            "method": .string(endpoint.endpoint.method.rawValue),
            "attributing_entity": "appsflyer",
            "event_types": .array((types ?? PushAPISettings.eventTypes).map { .string($0) }),
            "selected_fields": fields,
            "selected_inapps": endpoint.selectedInApps.map { .array($0.map { .string($0) }) } ?? "all",
            "enabled": .bool(endpoint.enabled),
        ]
    }

    /// `PUT …/app/{app-id}` with `{"endpoints": […]}`: replaces every endpoint, or none when one is
    /// refused.
    func updateConfiguration(_ request: ServerRequest) -> ServerResponse {
        guard let body = try? AttributionPayload(json: request.body) else {
            return Self.configurationError(
                400, "JSONParsingError",
                "An error occurred while parsing the JSON body. Check the body and try again..")
        }
        guard case .array(let items)? = body["endpoints"] else {
            return Self.schemaError("endpoints is not an array")
        }
        guard items.count <= Self.maximumEndpoints else {
            return Self.configurationError(422, "TooManyEndpoints", "Too many endpoints.")
        }
        var endpoints: [PushEndpointTable.Endpoint] = []
        for (index, item) in items.enumerated() {
            do throws(Rejection) {
                let endpoint = try Self.endpoint(item, index: index)
                if endpoints.contains(where: { $0.endpoint.url == endpoint.endpoint.url }) {
                    return Self.configurationError(422, "RepeatingURL", "Repeating URL.")
                }
                endpoints.append(endpoint)
            } catch {
                return error.response
            }
        }
        sender?.table.endpoints = endpoints
        return Self.success()
    }

    /// One endpoint of a `PUT` body, checked against the reference's `RegularIosConfig`.
    private static func endpoint(
        _ item: AttributionValue, index: Int
    ) throws(Rejection) -> PushEndpointTable.Endpoint {
        let at = "endpoints[\(index)]"
        guard case .object(let object) = item else {
            throw Rejection(response: schemaError("\(at) is not an object"))
        }
        let value = AttributionPayload(object)
        guard let methodName = value["method"]?.stringValue,
            let method = PushAPIEndpoint.Method(rawValue: methodName)
        else {
            throw Rejection(response: configurationError(422, "InvalidMethod", "Method must be POST or GET."))
        }
        guard let url = value["url"]?.stringValue else {
            throw Rejection(response: schemaError("\(at).url is missing"))
        }
        let endpoint: PushAPIEndpoint
        do throws(PushAPIError) {
            endpoint = try PushAPIEndpoint(url: url, method: method)
        } catch {
            var response = configurationError(422, "InvalidURL", "Invalid URL.")
            response.headers.append((.oneLinkWarning, QuotedInput.message(error.description)))
            throw Rejection(response: response)
        }
        guard value["attributing_entity"]?.stringValue == "appsflyer" else {
            throw Rejection(response: schemaError("\(at).attributing_entity must be appsflyer"))
        }
        guard case .bool(let enabled)? = value["enabled"] else {
            throw Rejection(response: schemaError("\(at).enabled is not a boolean"))
        }
        guard case .array(let typeValues)? = value["event_types"],
            let types = Self.strings(typeValues), !types.isEmpty,
            types.allSatisfy(PushAPISettings.eventTypes.contains)
        else {
            throw Rejection(
                response: schemaError(
                    "\(at).event_types must list message types of GET …/event-types/appsflyer"))
        }
        var result = PushEndpointTable.Endpoint(endpoint: endpoint, eventTypes: Set(types), enabled: enabled)
        switch value["selected_fields"] {
        case nil, .string("all")?: break
        case .string("default")?: result.defaultFields = true
        case .array(let fieldValues)?:
            guard let fields = Self.strings(fieldValues),
                fields.allSatisfy(PushAPISettings.messageFields.contains)
            else {
                throw Rejection(
                    response: configurationError(
                        422, "InvalidMessageFields", "Incorrect message-fields specified."))
            }
            guard Set(fields).count == fields.count else {
                throw Rejection(
                    response: configurationError(
                        422, "InvalidMessageFields",
                        "The selected_fields specified are not unique. Use unique selected_fields."))
            }
            result.selectedFields = fields
        default:
            throw Rejection(
                response: configurationError(
                    422, "InvalidMessageFields", "Incorrect message-fields specified."))
        }
        let inAppTypes = types.filter { $0.hasSuffix("in-app-event") }
        switch value["selected_inapps"] {
        case nil:
            guard inAppTypes.isEmpty else {
                throw Rejection(
                    response: configurationError(
                        422, "MissingEvents",
                        "Every endpoint must include selected_inapps when an in-app event-type is selected."))
            }
        case .string("all")?: break
        case .array(let eventValues)?:
            guard let events = Self.strings(eventValues) else {
                throw Rejection(
                    response: schemaError("\(at).selected_inapps must be all or a list of event names"))
            }
            guard !inAppTypes.isEmpty else {
                throw Rejection(
                    response: configurationError(
                        422, "MissingEventTypes",
                        "Every endpoint must include an in-app event-type when listing selected_inapps."))
            }
            result.selectedInApps = events
        default:
            throw Rejection(
                response: schemaError("\(at).selected_inapps must be all or a list of event names"))
        }
        return result
    }

    /// `PUT …/tokens/app/{app_id}` with `{"token", "token_name"?}`.
    func setToken(_ request: ServerRequest) -> ServerResponse {
        guard let body = try? AttributionPayload(json: request.body) else {
            return Self.configurationError(
                400, "JSONParsingError",
                "An error occurred while parsing the JSON body. Check the body and try again..")
        }
        guard let token = body["token"]?.stringValue else { return Self.schemaError("token is not a string") }
        let name = body["token_name"]?.stringValue
        do throws(PushAPIError) {
            _ = try PushAPISettings(
                endpoints: [], token: token,
                tokenName: name.flatMap { $0.isEmpty ? nil : $0 } ?? "Authorization")
        } catch {
            return Self.schemaError(error.description)
        }
        sender?.table.setToken(token, name: name)
        return Self.success(["message": "Your token has been set successfully"])
    }

    /// `DELETE …/tokens/app/{app_id}`: messages go without a token.
    func deleteToken() -> ServerResponse {
        sender?.table.setToken(nil, name: nil)
        return Self.success()
    }

    /// `GET …/event-types/{attributing-entity}`: the reference's lists.
    func eventTypes(entity: String) -> ServerResponse {
        switch entity {
        case "appsflyer":
            Self.success(["event_types": .array(PushAPISettings.eventTypes.map { .string($0) })])
        case "skadnetwork":
            Self.success(
                [
                    "event_types": .array(
                        ["in-app-event", "re-download", "install", "postbacks-copy", "postback"].map {
                            .string($0)
                        })
                ])
        default: Self.invalidPathParameter(entity)
        }
    }

    /// `GET …/fields/{platform}`: the `selected_fields` the reference lists (one list for every platform).
    func fields(platform: String) -> ServerResponse {
        guard ["ios", "android", "windowsphone"].contains(platform) else {
            return Self.invalidPathParameter(platform)
        }
        return Self.success(["fields": .array(PushAPISettings.messageFields.sorted().map { .string($0) })])
    }

    /// The documented 422 `SchemaError`, with what is wrong in an `X-OneLink-Warning`.
    private static func schemaError(_ detail: String) -> ServerResponse {
        var response = configurationError(
            422, "SchemaError", "Invalid JSON format or no JSON found. Verify the content and resubmit.")
        response.headers.append((.oneLinkWarning, QuotedInput.message(detail)))
        return response
    }

    private static func invalidPathParameter(_ value: String) -> ServerResponse {
        var response = configurationError(
            422, "SchemaError", "Invalid path-params. Verify the content and resubmit.")
        response.headers.append((.oneLinkWarning, "unknown path parameter \(QuotedInput.prefix(value))"))
        return response
    }

    /// The strings of `values`, or `nil` when one is not a string.
    private static func strings(_ values: [AttributionValue]) -> [String]? {
        let strings = values.compactMap(\.stringValue)
        return strings.count == values.count ? strings : nil
    }
}
