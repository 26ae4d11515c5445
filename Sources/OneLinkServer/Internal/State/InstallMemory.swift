import Foundation
import OneLinkEmulator
import OneLinkSupport

/// The conversion data each device's install was answered, so the public GCD API can read it back.
///
/// Bounded: beyond ``limit`` devices the one answered longest ago is forgotten.
final class InstallMemory: Sendable {
    /// One install: the app it was for and the answer it got.
    struct Install: Sendable {
        var appID: String
        var answer: AttributionPayload
        /// The device ID (AppsFlyer ID) of the install.
        var deviceID = ""
        /// The advertising ID the install request carried.
        var advertisingID: String?
        /// The device the install request described (IP, model, OS version, language), copied into
        /// the Push API messages of the device's later events as the real postbacks carry them.
        var device: DeviceInfo?
        /// When the install was answered, on the server's clock.
        var time = Date(timeIntervalSince1970: 0)
    }

    private struct State {
        var installs: [String: Install] = [:]
        var order: [String] = []
    }

    let limit: Int
    private let state = Locked(State())

    init(limit: Int = 100_000) {
        self.limit = max(1, limit)
    }

    /// Remembers the answer of `deviceID`'s install (a repeated request keeps the newest answer).
    ///
    /// Returns whether the install is new: `false` when `deviceID`'s install of the same app (with
    /// or without its `id` prefix) was remembered already, so each install is announced once.
    @discardableResult
    func remember(
        appID: String, deviceID: String, answer: AttributionPayload, advertisingID: String? = nil,
        device: DeviceInfo? = nil, time: Date = Date(timeIntervalSince1970: 0)
    ) -> Bool {
        let install = Install(
            appID: appID, answer: answer, deviceID: deviceID, advertisingID: advertisingID, device: device,
            time: time)
        return state.withLock { state in
            let former = state.installs.updateValue(install, forKey: deviceID)
            if former == nil { state.order.append(deviceID) }
            if state.order.count > limit {
                let overflow = state.order.count - limit
                for forgotten in state.order.prefix(overflow) { state.installs[forgotten] = nil }
                state.order.removeFirst(overflow)
            }
            return former.map { Self.bare($0.appID) != Self.bare(appID) } ?? true
        }
    }

    /// The install of `deviceID` for `appID` (with or without its `id` prefix), or `nil`.
    func install(appID: String, deviceID: String) -> Install? {
        guard let install = state.withLock({ $0.installs[deviceID] }) else { return nil }
        return Self.bare(install.appID) == Self.bare(appID) ? install : nil
    }

    /// The install of `deviceID`, for any app, or `nil`.
    func install(deviceID: String) -> Install? {
        state.withLock { $0.installs[deviceID] }
    }

    /// The installs of `appID` (with or without its `id` prefix), answered first first.
    func installs(appID: String) -> [Install] {
        state.withLock { state in
            state.order.compactMap { state.installs[$0] }.filter { Self.bare($0.appID) == Self.bare(appID) }
        }
    }

    /// The installs of `appID` whose request carried `advertisingID` (any case), oldest first.
    func installs(appID: String, advertisingID: String) -> [Install] {
        let wanted = advertisingID.lowercased()
        return state.withLock { state in
            state.order.compactMap { state.installs[$0] }.filter {
                $0.advertisingID?.lowercased() == wanted && Self.bare($0.appID) == Self.bare(appID)
            }
        }
    }

    /// Forgets `deviceID`'s install; whether there was one.
    @discardableResult
    func forget(deviceID: String) -> Bool {
        state.withLock { state in
            guard state.installs.removeValue(forKey: deviceID) != nil else { return false }
            state.order.removeAll { $0 == deviceID }
            return true
        }
    }

    /// Forgets every install.
    func forgetAll() {
        state.withLock { $0 = State() }
    }

    private static func bare(_ appID: String) -> String {
        appID.hasPrefix("id") ? String(appID.dropFirst(2)) : appID
    }
}
