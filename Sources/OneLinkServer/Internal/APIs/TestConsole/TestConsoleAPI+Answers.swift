import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The Test Console API's checks and answers.
extension TestConsoleAPI {
    /// A Test Console error: `{"error": message}` with its status.
    static func testConsoleError(_ status: HTTPStatus, _ message: String) -> ServerResponse {
        .json(status, ["error": .string(message)])
    }

    /// The documented 401 (no `Authorization: Bearer` token, or one not among the API tokens) and
    /// 404 (an app the server does not know).
    func testConsoleRefusal(_ request: ServerRequest, appID: String) -> ServerResponse? {
        let header = request.header(.authorization) ?? ""
        let token = header.lowercased().hasPrefix("bearer ") ? String(header.dropFirst(7)) : ""
        let tokens = configuration.oneLinkAPI?.tokens ?? []
        guard !token.isEmpty, tokens.isEmpty || tokens.contains(token) else {
            return Self.testConsoleError(401, "authentication error")
        }
        if let handler = configuration.clickHandler, !handler.configuration.appIDs.isEmpty,
            !handler.configuration.acceptsAppID(appID)
        {
            return Self.testConsoleError(404, "app_id not found")
        }
        return nil
    }

    static func deviceJSON(_ device: TestDeviceRegistry.Device) -> AttributionPayload {
        [
            "app_id": .string(device.appID), "device_id": .string(device.id),
            "device_id_type": .string(device.idType.rawValue), "device_name": .string(device.name),
        ]
    }

    /// `POST …/{app-id}/devices` with `{"device_id", "device_id_type", "device_name"}`.
    func addTestDevice(_ request: ServerRequest, appID: String) -> ServerResponse {
        guard let body = try? AttributionPayload(json: request.body) else {
            return Self.testConsoleError(400, "cannot parse body")
        }
        guard let id = body["device_id"]?.stringValue, UUID(uuidString: id) != nil else {
            return Self.testConsoleError(400, "device_id must be \(Self.deviceIDFormat)")
        }
        let type = TestDeviceRegistry.IDType(rawValue: body["device_id_type"]?.stringValue ?? "")
        guard TestDeviceRegistry.IDType.documented.contains(type) else {
            let names = TestDeviceRegistry.IDType.documented.map(\.rawValue).joined(separator: ", ")
            return Self.testConsoleError(400, "device_id_type must be one of \(names)")
        }
        guard let name = body["device_name"]?.stringValue, !name.isEmpty else {
            return Self.testConsoleError(400, "device_name is required")
        }
        let device = TestDeviceRegistry.Device(appID: appID, id: id, idType: type, name: name)
        guard testDeviceRegistry.register(device) else {
            return Self.testConsoleError(409, "device limit reached")
        }
        if let failure = context.journal(
            .testDeviceRegistered(appID: appID, id: id, idType: type.rawValue, name: name))
        {
            return Self.testConsoleError(500, "the state journal did not keep the device: \(failure)")
        }
        return .json(200, Self.deviceJSON(device))
    }

    /// The documented 400 for a device ID that is not a UUID, the pattern of the page's `device_id`
    /// and `device-id` parameters.
    private static let deviceIDFormat = "a UUID such as 09ad6f30-a39c-4c6c-8862-636eabd54709"

    /// `DELETE …/{app-id}/devices/{device-id}`.
    ///
    /// The page documents no success body and no answer for a device that is not registered (its only
    /// 404 is `app_id not found`), so removing one is the same 200 as removing a registered one, as a
    /// `DELETE` is idempotent, with an `X-OneLink-Warning` saying nothing was registered.
    func removeTestDevice(appID: String, id: String) -> ServerResponse {
        guard UUID(uuidString: id) != nil else {
            return Self.testConsoleError(400, "device-id must be \(Self.deviceIDFormat)")
        }
        var response = ServerResponse.json(200, ["app_id": .string(appID), "device_id": .string(id)])
        if !testDeviceRegistry.remove(appID: appID, id: id) {
            response.headers.append(
                (.oneLinkWarning, "device \(id) was not registered; nothing was removed"))
        }
        if let failure = context.journal(.testDeviceRemoved(appID: appID, id: id)) {
            return Self.testConsoleError(500, "the state journal did not keep the removal: \(failure)")
        }
        return response
    }

    /// `GET …/{app-id}/events?device_id=&start_time=&end_time=`: the device's sessions (`Session`: each
    /// launch, and an install whose first launch is not remembered) and the in-app events the SDK sent
    /// (`In-App`; not S2S events) from `start_time` (at most two hours ago) to `end_time` (or now), in
    /// time order.
    ///
    /// A device that is not registered has no rows.
    func testDeviceEvents(_ request: ServerRequest, appID: String) -> ServerResponse {
        guard let deviceID = query(request, "device_id"), !deviceID.isEmpty else {
            return Self.testConsoleError(400, "device_id is required")
        }
        guard UUID(uuidString: deviceID) != nil else {
            return Self.testConsoleError(400, "device_id must be \(Self.deviceIDFormat)")
        }
        let now = configuration.clock.now
        guard let startText = query(request, "start_time"), let start = Self.isoDate(startText) else {
            return Self.testConsoleError(
                400, "start_time is required, in UTC ISO 8601 such as 2026-11-27T09:02:26Z")
        }
        guard start >= now.addingTimeInterval(-2 * 3600) else {
            return Self.testConsoleError(400, "start_time must be within the past 2 hours")
        }
        var end = now
        if let endText = query(request, "end_time") {
            guard let parsed = Self.isoDate(endText) else {
                return Self.testConsoleError(400, "end_time is not UTC ISO 8601 such as 2026-11-27T09:02:26Z")
            }
            end = parsed
        }
        let deviceInstalls =
            testDeviceRegistry.contains(identifier: deviceID)
            ? installs.installs(appID: appID, advertisingID: deviceID) : []
        let appsFlyerIDs = Set(deviceInstalls.map(\.deviceID))
        let deviceLaunches = launches.launches(appID: appID, deviceIDs: appsFlyerIDs)
        // The SDK's first launch is the install, so a remembered first launch stands for it.
        let firstLaunches = Set(deviceLaunches.filter { $0.counter == 1 }.map(\.deviceID))
        var rows: [(Date, AttributionPayload)] = []
        for install in deviceInstalls where !firstLaunches.contains(install.deviceID) {
            let row = Self.eventRow(
                time: install.time, type: "Session", appsFlyerID: install.deviceID, idfa: deviceID)
            rows.append((install.time, row))
        }
        for launch in deviceLaunches {
            var row = Self.eventRow(
                time: launch.time, type: "Session", appsFlyerID: launch.deviceID, idfa: deviceID)
            if let user = launch.customerUserID { row["customer_user_id"] = .string(user) }
            rows.append((launch.time, row))
        }
        for event in launches.events(appID: appID, deviceIDs: appsFlyerIDs) {
            var row = Self.eventRow(
                time: event.time, type: "In-App", appsFlyerID: event.deviceID, idfa: deviceID)
            row["event_name"] = .string(event.name)
            row["event_value"] = .string(String(decoding: event.values.jsonData(), as: UTF8.self))
            if let user = event.customerUserID { row["customer_user_id"] = .string(user) }
            rows.append((event.time, row))
        }
        let data = rows.filter { $0.0 >= start && $0.0 <= end }.sorted { $0.0 < $1.0 }.map {
            AttributionValue.object($0.1.values)
        }
        return .json(
            200,
            [
                "app_id": .string(appID), "device_id": .string(deviceID), "max_results": .int(1000),
                "total": .int(data.count), "data": .array(Array(data.prefix(1000))),
                "response_time": .string(Self.isoTimestamp(now)),
            ])
    }

    private static func eventRow(
        time: Date, type: String, appsFlyerID: String, idfa: String
    ) -> AttributionPayload {
        var row: AttributionPayload = [
            "sdk_timestamp": .string(isoTimestamp(time)), "event_type": .string(type),
            "appsflyer_id": .string(appsFlyerID), "idfa": .string(idfa),
        ]
        for key in [
            "sdk_version", "app_version", "event_name", "event_value", "customer_user_id", "idfv", "gaid",
            "android_id", "imei", "oaid", "amazon_aid",
        ] {
            row[key] = .null
        }
        return row
    }

    private static func isoDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
