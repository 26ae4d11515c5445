import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The S2S event API's one call and its checks, in the order api3 makes them.
extension S2SEventsAPI {
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
            if let failure = context.journal(.event(.init(event, source: "s2s"))) {
                return Self.plainText(500, "the state journal did not keep the event: \(failure)")
            }
            context.records.events.remember(event, source: .s2s)
            context.push.pushEvent(event, source: "S2S")
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
        // The reference requires a stringified object, and its 500 row's remedy is "verify that the
        // JSON is stringified": an object sent as-is is that mistake, not a second accepted form.
        case .object?: throw .eventValueNotStringifiedJSON
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
}
