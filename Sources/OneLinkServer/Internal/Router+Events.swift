import Foundation
import OneLinkEmulator

/// The in-app event, launch and invite short-link routes.
extension Router {
    /// Reads a launch body (`appsflyer_id`, `counter`, optional `customer_user_id`) and records it.
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
            appID: appID, devKey: request.header("authentication") ?? "", deviceID: deviceID,
            sessionCount: Int(clamping: counter), device: DeviceInfo(),
            identity: UserIdentity(customerUserID: body["customer_user_id"]?.stringValue))
        do {
            return .json(200, try await configuration.launchRecorder.recordLaunch(launch))
        } catch {
            return Self.failure(error)
        }
    }

    /// Reads an event body (`appsflyer_id`, `eventName`, `eventValue` as an object or a JSON
    /// string, optional `eventTime`, `customer_user_id`, `eventCurrency`) and records it.
    func event(_ request: ServerRequest, appID: String) async -> ServerResponse {
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
            appID: appID, devKey: request.header("authentication") ?? "", deviceID: deviceID, name: name,
            values: values, customerUserID: body["customer_user_id"]?.stringValue,
            currencyCode: body["eventCurrency"]?.stringValue, time: time)
        do {
            return .json(200, try await configuration.eventRecorder.recordEvent(event))
        } catch {
            return Self.failure(error)
        }
    }

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
            devKey: request.header("authentication") ?? "")
        do {
            let link = try await creator.createShortLink(creation)
            return ServerResponse(
                status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(link.utf8))
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
