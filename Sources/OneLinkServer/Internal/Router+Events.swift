import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The in-app event (the SDK's and the S2S API's), launch and invite short-link routes.
extension Router {
    /// Reads a launch body (`appsflyer_id`, `counter`, optional `customer_user_id` and `af_deeplink`)
    /// and records it.
    ///
    /// Once the recorder accepts it, it is remembered for the Test Console with the server clock's
    /// time, and a re-engagement goes to the Push API (Router+PushAPI.swift).
    func launch(_ request: ServerRequest, appID: String) async -> ServerResponse {
        let (body, deviceID): (AttributionPayload, String)
        do throws(Rejection) {
            (body, deviceID) = try Self.deviceBody(of: request)
        } catch {
            return error.response
        }
        guard let counter = body["counter"]?.intValue, counter >= 1 else {
            return .error(400, "the body has no counter of at least 1")
        }
        let launch = LaunchRequest(
            appID: appID, devKey: request.header(.authentication) ?? "", deviceID: deviceID,
            sessionCount: Int(clamping: counter), device: DeviceInfo(),
            identity: UserIdentity(customerUserID: body["customer_user_id"]?.stringValue))
        do {
            let answer = try await configuration.launchRecorder.recordLaunch(launch)
            launches.remember(
                LaunchMemory.Launch(
                    appID: appID, deviceID: deviceID, counter: launch.sessionCount,
                    customerUserID: launch.identity.customerUserID, time: configuration.clock.now))
            await pushReengagement(appID: appID, deviceID: deviceID, launch: body)
            return .json(200, answer)
        } catch {
            return Self.failure(error)
        }
    }

    /// The emulated SDK's own event call: `POST /api/v6/iosevent/{appID}` with an `eventName`.
    ///
    /// The real SDK posts events to the launch path on the `inapps.` host. Reads `appsflyer_id`,
    /// `eventName`, `eventValue` (an object or a JSON string), optional `eventTime`,
    /// `customer_user_id` and `eventCurrency`, records it, remembers it for the Test Console once the
    /// recorder accepts it, and answers the recorder's JSON.
    func sdkEvent(_ request: ServerRequest, appID: String) async -> ServerResponse {
        let (body, deviceID): (AttributionPayload, String)
        do throws(Rejection) {
            (body, deviceID) = try Self.deviceBody(of: request)
        } catch {
            return error.response
        }
        guard let name = body["eventName"]?.stringValue, !name.isEmpty else {
            return .error(400, "the body has no eventName string")
        }
        var values: AttributionPayload = [:]
        switch body["eventValue"] {
        case .object(let object)?: values = AttributionPayload(object)
        case .string(let text)? where !text.isEmpty:
            guard let parsed = try? AttributionPayload(jsonString: text) else {
                return .error(400, "eventValue is a string that does not hold a JSON object")
            }
            values = parsed
        case nil, .null?, .string?: break
        default: return .error(400, "eventValue must be a JSON object or a string holding one")
        }
        var time = configuration.clock.now
        if let text = body["eventTime"]?.stringValue {
            guard let parsed = AttributionTimestamp.date(from: text) else {
                return .error(400, "eventTime is not yyyy-MM-dd HH:mm:ss.SSS")
            }
            time = parsed
        }
        let event = InAppEvent(
            appID: appID, devKey: request.header(.authentication) ?? "", deviceID: deviceID, name: name,
            values: values, customerUserID: body["customer_user_id"]?.stringValue,
            currencyCode: body["eventCurrency"]?.stringValue, time: time)
        do {
            let answer = try await configuration.eventRecorder.recordEvent(event)
            launches.remember(event)
            pushEvent(event, source: "SDK")
            return .json(200, answer)
        } catch {
            return Self.failure(error)
        }
    }

    /// The server-to-server event API as api3 answers it: `POST /inappevent/{app_id}` with the S2S
    /// key in `authentication`, one event of at most 1 KB, plain-text answers.
    func s2sEvent(_ request: ServerRequest, appID: String) async -> ServerResponse {
        let event: InAppEvent
        do throws(S2SEventError) {
            event = try s2sEventRequest(request, appID: appID)
        } catch {
            var response = Self.plainText(HTTPStatus(code: error.status), error.body)
            if error == .appIDMismatch, let apps = configuration.clickHandler?.configuration.appIDs {
                response.headers.append(
                    (
                        .oneLinkWarning,
                        "the path's app_id is not this server's app (\(apps.sorted().joined(separator: ", ")))"
                    ))
            }
            return response
        }
        // An iOS app ID is `id` and digits; bare digits get 200 OK, and the event is not recorded.
        if Self.lacksIDPrefix(appID) {
            var response = Self.plainText(200, "OK")
            response.headers.append(
                (
                    .oneLinkWarning,
                    "app_id \(appID) has no id prefix; AppsFlyer answers OK but does not record the event"
                ))
            return response
        }
        do {
            _ = try await configuration.eventRecorder.recordEvent(event)
            pushEvent(event, source: "S2S")
            return Self.plainText(200, "OK")
        } catch {
            if error is CancellationError { return .closed }
            if case .httpStatus(let code, let reason) = AttributionError(wrapping: error),
                (100...599).contains(code)
            {
                return Self.plainText(HTTPStatus(code: code), reason ?? HTTPStatus(code: code).reasonPhrase)
            }
            return Self.plainText(500, "Internal Server Error")
        }
    }

    /// The event an S2S request carries, checked as the API checks it: the key, the plan, the app ID
    /// against the key's app, then the body.
    ///
    /// The app ID is checked only when the server knows its apps (the click handler's app IDs), and
    /// never for an iOS app ID without its `id` prefix, which the API documents as a silent 200 OK.
    private func s2sEventRequest(_ request: ServerRequest, appID: String) throws(S2SEventError) -> InAppEvent
    {
        guard let key = request.header(.authentication), !key.isEmpty else { throw .failedToAuthenticate }
        let keys = configuration.s2sKeys
        guard keys.isEmpty || keys.contains(key) else { throw .unauthorized }
        guard configuration.accountPlan.acceptsS2SEvents else { throw .forbidden }
        if !Self.lacksIDPrefix(appID), let handler = configuration.clickHandler,
            !handler.configuration.appIDs.isEmpty, !handler.configuration.acceptsAppID(appID)
        {
            throw .appIDMismatch
        }
        guard request.body.count <= Self.s2sMaximumBodyBytes else {
            throw .badRequest("the payload is over 1 KB")
        }
        guard !request.body.isEmpty, let body = try? AttributionPayload(json: request.body) else {
            throw .payloadMissingOrUnparsable
        }
        guard let deviceID = body["appsflyer_id"]?.stringValue, !deviceID.isEmpty else {
            throw .appsFlyerIDMissing
        }
        guard let name = body["eventName"]?.stringValue, !name.isEmpty else {
            throw .badRequest("no eventName")
        }
        var values: AttributionPayload = [:]
        switch body["eventValue"] {
        case .string(let text)? where text.isEmpty: break
        case .string(let text)?:
            guard let parsed = try? AttributionPayload(jsonString: text) else {
                throw .eventValueNotStringifiedJSON
            }
            values = parsed
        case .object(let object)?: values = AttributionPayload(object)
        case nil: throw .badRequest("no eventValue (send \"\" for an event without values)")
        default: throw .badRequest("eventValue is not a string")
        }
        var time = configuration.clock.now
        if let value = body["eventTime"] {
            guard let text = value.stringValue, let parsed = AttributionTimestamp.date(from: text) else {
                throw .badRequest("eventTime is not yyyy-MM-dd HH:mm:ss.SSS")
            }
            time = parsed
        }
        return InAppEvent(
            appID: appID, devKey: key, deviceID: deviceID, name: name, values: values,
            customerUserID: body["customer_user_id"]?.stringValue,
            currencyCode: body["eventCurrency"]?.stringValue,
            time: time)
    }

    /// Whether `appID` is an iOS app ID without its `id` prefix: ASCII digits only.
    static func lacksIDPrefix(_ appID: String) -> Bool {
        !appID.isEmpty && appID.allSatisfy(\.isASCII) && appID.allSatisfy(\.isNumber)
    }

    /// The S2S API's documented payload limit, 1 KB.
    static let s2sMaximumBodyBytes = 1024

    /// Reads `{"brand_domain": …, "data": {…}}`, creates the short link and answers it as plain text.
    func createShortLink(_ request: ServerRequest, template: String) async -> ServerResponse {
        guard let creator = configuration.shortLinkCreator else {
            return .error(404, "this server creates no short links")
        }
        let body: AttributionPayload
        do throws(Rejection) {
            body = try Self.jsonBody(of: request)
        } catch {
            return error.response
        }
        guard let data = body["data"]?.objectValue else {
            return .error(400, "the body has no data object")
        }
        var parameters: [String: String] = [:]
        for (key, value) in data {
            switch value {
            case .object, .array: return .error(400, "data.\(key) must be a string, number or boolean")
            case .null: continue
            default: parameters[key] = value.textValue
            }
        }
        let domain = body["brand_domain"]?.stringValue ?? AppsFlyerShareInviteHelper.defaultDomain
        let creation = ShortLinkCreationRequest(
            template: template, domain: domain, parameters: parameters, appID: "",
            devKey: request.header(.authentication) ?? "")
        do {
            let link = try await creator.createShortLink(creation)
            return ServerResponse(
                status: 200, headers: [(.contentType, "text/plain; charset=utf-8")], body: Array(link.utf8))
        } catch {
            return Self.failure(error)
        }
    }

    /// A request body the server refuses, with the answer to send instead.
    struct Rejection: Error {
        /// The `400` answer naming what is wrong.
        let response: ServerResponse
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
}
