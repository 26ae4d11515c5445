public import Foundation
public import OneLinkEmulator

/// Ties a first launch to the click that led to it, the way the attribution service does.
///
/// Candidates are clicks no later than the install and no older than their
/// own lookback (`af_click_lookback`, default 7 days). Among them:
///
/// 1. **ID matching** first: the click's advertising ID equals the device's
///    (the all-zero IDFA of a user who denied tracking never matches), or the
///    click's device ID equals the install's. The match type is
///    ``MatchType/srn`` when the click's `pid` is one of
///    ``selfReportingNetworks``, ``MatchType/idMatching`` otherwise.
/// 2. Then **fingerprint matching** (``MatchType/probabilistic``): the
///    click's ``DeviceFingerprint`` matches the device's, and the click is no
///    older than ``probabilisticWindow`` (24 hours by default, the service's
///    maximum).
///
/// Within a step the last click wins: the latest time, and among equal
/// times the one recorded last. Window edges are inclusive.
public struct InstallMatcher: Sendable, Hashable {
    /// The default and longest fingerprint window: 24 hours.
    public static let maximumProbabilisticWindow: Duration = .seconds(24 * 3600)

    /// Media sources whose ID-matched clicks are reported as ``MatchType/srn``.
    public static let defaultSelfReportingNetworks: Set<String> = [
        "Facebook Ads", "googleadwords_int", "Apple Search Ads", "snapchat_int", "Twitter",
        "tiktokglobal_int",
    ]

    /// The matcher with the documented defaults.
    public static let standard = InstallMatcher(
        validatedProbabilisticWindow: maximumProbabilisticWindow,
        selfReportingNetworks: defaultSelfReportingNetworks)

    /// How old a click may be for a fingerprint match.
    public let probabilisticWindow: Duration
    /// Media sources (`pid` values) whose ID-matched clicks count as ``MatchType/srn``.
    public let selfReportingNetworks: Set<String>

    /// Creates a matcher.
    ///
    /// - Parameters:
    ///   - probabilisticWindow: How old a click may be for a fingerprint match; more than 0, at most 24 hours.
    ///   - selfReportingNetworks: Media sources whose ID-matched clicks count as ``MatchType/srn``.
    /// - Throws: ``ClickError/invalidConfiguration(_:)`` when the window is out of range.
    public init(
        probabilisticWindow: Duration = InstallMatcher.maximumProbabilisticWindow,
        selfReportingNetworks: Set<String> = InstallMatcher.defaultSelfReportingNetworks
    ) throws(ClickError) {
        guard probabilisticWindow > .zero, probabilisticWindow <= Self.maximumProbabilisticWindow else {
            throw .invalidConfiguration("the probabilistic window must be more than 0 and at most 24 hours")
        }
        self.init(
            validatedProbabilisticWindow: probabilisticWindow, selfReportingNetworks: selfReportingNetworks)
    }

    private init(validatedProbabilisticWindow: Duration, selfReportingNetworks: Set<String>) {
        self.probabilisticWindow = validatedProbabilisticWindow
        self.selfReportingNetworks = selfReportingNetworks
    }

    /// The click an install matches among `clicks`, or `nil` for an organic install.
    ///
    /// - Parameters:
    ///   - device: What the first launch reports about the device.
    ///   - deviceID: The install's device ID.
    ///   - installTime: When the app was first launched.
    ///   - clicks: Candidate clicks in recording order.
    ///   - window: When set, no click older than this matches, whatever its lookback (the UDL's 15 minutes).
    public func match(
        device: DeviceInfo, deviceID: String, installTime: Date, among clicks: [RecordedClick],
        within window: Duration? = nil
    ) -> InstallMatch? {
        let candidates = clicks.filter { click in
            let age = installTime.timeIntervalSince(click.time)
            return age >= 0 && age <= click.lookback.timeInterval
                && age <= (window?.timeInterval ?? .infinity)
        }
        if let click = Self.last(
            in: candidates, where: { Self.idMatches($0, device: device, deviceID: deviceID) })
        {
            let pid = click.parameters["pid"]?.textValue
            let type: MatchType = pid.map(selfReportingNetworks.contains) == true ? .srn : .idMatching
            return InstallMatch(click: click, matchType: type)
        }
        let fingerprint = DeviceFingerprint(device: device)
        let fingerprintWindow = probabilisticWindow.timeInterval
        let found = Self.last(in: candidates) { click in
            installTime.timeIntervalSince(click.time) <= fingerprintWindow
                && click.fingerprint.matches(fingerprint)
        }
        return found.map { InstallMatch(click: $0, matchType: .probabilistic) }
    }

    /// Looks the install up in `store`.
    ///
    /// - Throws: Whatever the store throws.
    public func match(
        device: DeviceInfo, deviceID: String, installTime: Date, in store: any ClickStore,
        within window: Duration? = nil
    ) async throws -> InstallMatch? {
        let reach = window.map { min($0, ClickLookback.maximumWindow) } ?? ClickLookback.maximumWindow
        let earliest = installTime.addingTimeInterval(-reach.timeInterval)
        let clicks: [RecordedClick]
        if let memory = store as? InMemoryClickStore {
            // Only clicks that can match are copied out of a large in-memory store.
            clicks = memory.candidates(
                from: earliest, through: installTime, device: device, deviceID: deviceID)
        } else {
            clicks = try await store.clicks(from: earliest, through: installTime)
        }
        return match(
            device: device, deviceID: deviceID, installTime: installTime, among: clicks, within: window)
    }

    /// The conversion data of an install: non-organic from the matched click, organic when nothing matched.
    ///
    /// - Throws: Whatever the store throws.
    public func conversionData(
        device: DeviceInfo, deviceID: String, installTime: Date, in store: any ClickStore
    ) async throws -> AttributionPayload {
        let found = try await match(device: device, deviceID: deviceID, installTime: installTime, in: store)
        return Self.conversionData(for: found, installTime: installTime)
    }

    /// Non-organic data for a match, and for `nil` the organic answer
    /// (`af_status: "Organic"`, `af_message: "organic install"`, `install_time`).
    public static func conversionData(for match: InstallMatch?, installTime: Date) -> AttributionPayload {
        guard let match else {
            return [
                "af_status": "Organic",
                "af_message": "organic install",
                "install_time": .string(AttributionTimestamp.string(from: installTime)),
            ]
        }
        return match.conversionData(installTime: installTime)
    }

    static let zeroAdvertisingID = "00000000-0000-0000-0000-000000000000"

    private static func idMatches(_ click: RecordedClick, device: DeviceInfo, deviceID: String) -> Bool {
        if let clickID = click.advertisingID, let deviceAdvertisingID = device.advertisingID,
            !clickID.isEmpty, clickID != zeroAdvertisingID,
            clickID.lowercased() == deviceAdvertisingID.lowercased()
        {
            return true
        }
        if let clickDevice = click.deviceID, !clickDevice.isEmpty, clickDevice == deviceID { return true }
        return false
    }

    private static func last(
        in clicks: [RecordedClick], where predicate: (RecordedClick) -> Bool
    ) -> RecordedClick? {
        var best: RecordedClick?
        for click in clicks where predicate(click) {
            if let current = best, click.time < current.time { continue }
            best = click
        }
        return best
    }
}
