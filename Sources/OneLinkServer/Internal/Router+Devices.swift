import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

extension Router {
    /// Answers the device routes of ``RouteTable/deviceEntries``; they take no faults, like the
    /// fault admin route, so state can always be reset.
    func devices(
        _ request: ServerRequest, endpoint: RouteTable.Endpoint, parameters: [String: String]
    ) async -> ServerResponse {
        switch endpoint {
        case .adminForgetDevice: return forgetDevice(parameters["device-id"] ?? "")
        case .adminReset: return await reset()
        default:
            return testConsole(request, endpoint: endpoint, parameters: parameters)
                ?? .error(404, "no route for \(request.method) \(request.path)")
        }
    }

    /// `DELETE /onelink-emulator/devices/{device-id}`: the device's next install is new.
    private func forgetDevice(_ deviceID: String) -> ServerResponse {
        let memory = configuration.deviceMemory
        let forgotInstall = installs.forget(deviceID: deviceID)
        let forgotLaunches = launches.forget(deviceID: deviceID)
        let forgotDevice = memory?.forgetDevice(deviceID) ?? false
        return .json(
            200,
            [
                "device_id": .string(deviceID),
                "forgotten": .bool(forgotInstall || forgotLaunches || forgotDevice),
            ])
    }

    /// `POST /onelink-emulator/reset`: forgets every click, install (with its launches) and device, and
    /// lifts every fault.
    private func reset() async -> ServerResponse {
        do {
            try await configuration.clickHandler?.store.removeAll()
        } catch {
            return .error(503, "the click store could not be emptied: \(error)")
        }
        configuration.deviceMemory?.forgetAllDevices()
        installs.forgetAll()
        launches.forgetAll()
        setFaultPlan(.none)
        testDeviceRegistry.removeAll()
        return .json(
            200,
            [
                "reset": .array(
                    ["clicks", "devices", "installs", "faults", "test_devices"].map { .string($0) })
            ])
    }
}
