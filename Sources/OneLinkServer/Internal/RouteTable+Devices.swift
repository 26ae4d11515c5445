import OneLinkSupport

extension RouteTable {
    /// The routes for device state: the emulator's admin routes to forget devices, reset and inspect
    /// installs, and AppsFlyer's Test Console API (test devices and their events).
    static let deviceEntries: [Entry] = [
        Entry(method: "DELETE", path: "/onelink-emulator/devices/{device-id}", endpoint: .adminForgetDevice),
        Entry(method: "POST", path: "/onelink-emulator/reset", endpoint: .adminReset),
        Entry(method: "GET", path: "/onelink-emulator/installs/{device-id}", endpoint: .adminInstall),
        Entry(method: "GET", path: "/onelink-emulator/test-devices", endpoint: .testConsoleListDevices),
        Entry(
            method: "POST", path: "/api/test-console/v1.0/app/{app-id}/devices",
            endpoint: .testConsoleAddDevice),
        Entry(
            method: "DELETE", path: "/api/test-console/v1.0/app/{app-id}/devices/{device-id}",
            endpoint: .testConsoleRemoveDevice),
        Entry(
            method: "GET", path: "/api/test-console/v1.0/app/{app-id}/events", endpoint: .testConsoleEvents),
    ]

    /// Whether `endpoint` is one of ``deviceEntries``' (answered by `Router+Devices.swift`).
    static func isDeviceEndpoint(_ endpoint: Endpoint) -> Bool {
        switch endpoint {
        case .adminForgetDevice, .adminReset, .adminInstall, .testConsoleAddDevice, .testConsoleRemoveDevice,
            .testConsoleListDevices, .testConsoleEvents:
            true
        default: false
        }
    }
}
