import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

extension AdminAPI {
    /// `DELETE /onelink-emulator/devices/{device-id}`: the device's next install is new.
    func forgetDevice(_ deviceID: String) -> ServerResponse {
        let memory = configuration.deviceMemory
        let forgotInstall = installs.forget(deviceID: deviceID)
        let forgotLaunches = launches.forget(deviceID: deviceID)
        context.records.events.forget(deviceID: deviceID)
        let forgotDevice = memory?.forgetDevice(deviceID) ?? false
        if let failure = context.journal(.deviceForgotten(deviceID: deviceID)) {
            return .error(500, "the state journal did not keep this: \(failure)")
        }
        return .json(
            200,
            [
                "device_id": .string(deviceID),
                "forgotten": .bool(forgotInstall || forgotLaunches || forgotDevice),
            ])
    }

    /// `POST /onelink-emulator/reset`: forgets every click, install (with its launches) and device, and
    /// lifts every fault.
    func reset() async -> ServerResponse {
        do {
            try await configuration.clickHandler?.store.removeAll()
        } catch {
            return .error(503, "the click store could not be emptied: \(error)")
        }
        configuration.deviceMemory?.forgetAllDevices()
        installs.forgetAll()
        launches.forgetAll()
        context.records.events.forgetAll()
        context.setFaultPlan(.none)
        testDeviceRegistry.removeAll()
        if let failure = context.journal(.reset) {
            return .error(500, "the state journal did not keep the reset: \(failure)")
        }
        return .json(
            200,
            [
                "reset": .array(
                    ["clicks", "devices", "installs", "faults", "test_devices"].map { .string($0) })
            ])
    }

    /// `GET /onelink-emulator/installs/{device-id}`: how the device's install was attributed.
    func install(of deviceID: String) -> ServerResponse {
        guard let install = installs.install(deviceID: deviceID) else {
            return .error(404, "no install from device \(deviceID)")
        }
        var answer: AttributionPayload = [
            "app_id": .string(install.appID), "device_id": .string(deviceID),
            "conversion_data": .object(install.answer.values),
            "test_device": .bool(
                install.advertisingID.map { testDeviceRegistry.contains(identifier: $0) } ?? false),
        ]
        answer["advertising_id"] = install.advertisingID.map { .string($0) } ?? .null
        for key in [
            "af_status", "match_type", "media_source", "campaign", "retargeting_conversion_type",
            "install_time",
        ] {
            answer[key] = install.answer[key] ?? .null
        }
        return .json(200, answer)
    }
}
