/// A backend that remembers devices between requests and can forget them, so that a test can make a
/// device's next install new again (`DELETE /onelink-emulator/devices/{device-id}` on `serve`).
///
/// Contract for conforming types:
/// - ``forgetDevice(_:)`` forgets everything kept for one device ID, so its next install request is
///   answered as the first install of a device never seen, and returns whether anything was kept.
/// - ``forgetAllDevices()`` forgets every device.
/// - Installs whose advertising ID is in ``testDevices`` are new installs, never reinstalls.
/// - Neither forget call touches clicks; implementations must be safe to call from many tasks at once.
public protocol DeviceMemory: Sendable {
    /// Forgets one device ID; whether anything was remembered for it.
    @discardableResult
    func forgetDevice(_ deviceID: String) -> Bool

    /// Forgets every device.
    func forgetAllDevices()

    /// The registered test devices, whose installs are never reinstalls (re-attribution window exempt).
    var testDevices: TestDeviceRegistry { get }
}

extension ClickStoreConversionDataSource: DeviceMemory {}
