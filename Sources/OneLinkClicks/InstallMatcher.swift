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
///
/// Retargeting (``conversionType(of:installTime:formerInstallTime:)``): a
/// reinstall whose click is a retargeting click (`is_retargeting=true`) is a
/// re-attribution when the former install is no older than
/// ``reattributionWindow`` (default 90 days, 1–24 months; help center article
/// 115002587066); ``reengagement(of:openTime:installTime:)`` says whether an
/// existing user's open after a retargeting click is a re-engagement.
public struct InstallMatcher: Sendable, Hashable {
    /// The default and longest fingerprint window: 24 hours.
    public static let maximumProbabilisticWindow: Duration = .seconds(24 * 3600)
    /// The default re-attribution window: 90 days (3 months).
    public static let defaultReattributionWindow: Duration = .seconds(90 * 24 * 3600)
    /// The shortest re-attribution window: 1 month, counted as 30 days.
    public static let minimumReattributionWindow: Duration = .seconds(30 * 24 * 3600)
    /// The longest re-attribution window: 24 months, counted as 30 days each.
    public static let maximumReattributionWindow: Duration = .seconds(24 * 30 * 24 * 3600)

    /// Media sources whose ID-matched clicks are reported as ``MatchType/srn``.
    public static let defaultSelfReportingNetworks: Set<String> = [
        "Facebook Ads", "googleadwords_int", "Apple Search Ads", "snapchat_int", "Twitter",
        "tiktokglobal_int",
    ]

    /// The matcher with the documented defaults.
    public static let standard = InstallMatcher(
        validatedProbabilisticWindow: maximumProbabilisticWindow,
        selfReportingNetworks: defaultSelfReportingNetworks, reattributionWindow: defaultReattributionWindow)

    /// How old a click may be for a fingerprint match.
    public let probabilisticWindow: Duration
    /// Media sources (`pid` values) whose ID-matched clicks count as ``MatchType/srn``.
    public let selfReportingNetworks: Set<String>
    /// How long after a user's first install a reinstall from a retargeting click is a re-attribution.
    public let reattributionWindow: Duration

    /// Creates a matcher.
    ///
    /// - Parameters:
    ///   - probabilisticWindow: How old a click may be for a fingerprint match; more than 0, at most 24 hours.
    ///   - selfReportingNetworks: Media sources whose ID-matched clicks count as ``MatchType/srn``.
    ///   - reattributionWindow: How long after the first install a retargeting reinstall is a
    ///     re-attribution; 30 days (1 month) to 720 days (24 months), default 90 days.
    /// - Throws: ``ClickError/invalidConfiguration(_:)`` when a window is out of range.
    public init(
        probabilisticWindow: Duration = InstallMatcher.maximumProbabilisticWindow,
        selfReportingNetworks: Set<String> = InstallMatcher.defaultSelfReportingNetworks,
        reattributionWindow: Duration = InstallMatcher.defaultReattributionWindow
    ) throws(ClickError) {
        guard probabilisticWindow > .zero, probabilisticWindow <= Self.maximumProbabilisticWindow else {
            throw .invalidConfiguration("the probabilistic window must be more than 0 and at most 24 hours")
        }
        guard reattributionWindow >= Self.minimumReattributionWindow,
            reattributionWindow <= Self.maximumReattributionWindow
        else {
            throw .invalidConfiguration(
                "the re-attribution window must be 1 to 24 months (30 to 720 days)")
        }
        self.init(
            validatedProbabilisticWindow: probabilisticWindow, selfReportingNetworks: selfReportingNetworks,
            reattributionWindow: reattributionWindow)
    }

    private init(
        validatedProbabilisticWindow: Duration, selfReportingNetworks: Set<String>,
        reattributionWindow: Duration
    ) {
        self.probabilisticWindow = validatedProbabilisticWindow
        self.selfReportingNetworks = selfReportingNetworks
        self.reattributionWindow = reattributionWindow
    }

    /// The retargeting conversion type of an install attributed to `match`.
    ///
    /// ``RetargetingConversionType/reAttribution`` when the click is a retargeting click and the
    /// device had an earlier install (`formerInstallTime`) no more than ``reattributionWindow``
    /// before this one, edges included; ``RetargetingConversionType/none`` otherwise: a first
    /// install, a reinstall without a retargeting click, or a reinstall after the window.
    public func conversionType(
        of match: InstallMatch, installTime: Date, formerInstallTime: Date?
    ) -> RetargetingConversionType {
        guard match.click.link.isRetargeting, let formerInstallTime else { return .none }
        let age = installTime.timeIntervalSince(formerInstallTime)
        return age >= 0 && age <= reattributionWindow.timeInterval ? .reAttribution : .none
    }

    /// Whether an existing user's open at `openTime` after `click` is a re-engagement, and until when
    /// the engagement lasts.
    ///
    /// The click must be a retargeting click made after the install and no later than the open,
    /// within its lookback (`af_click_lookback`): AppsFlyer's "indirect re-engagement" (help center
    /// article 207033786). The engagement lasts the link's `af_reengagement_window` from the open;
    /// `nil` when the open is not a re-engagement, ``Reengagement/end`` `nil` for `lifetime`.
    public func reengagement(of click: RecordedClick, openTime: Date, installTime: Date) -> Reengagement? {
        let age = openTime.timeIntervalSince(click.time)
        guard click.link.isRetargeting, click.time >= installTime, age >= 0,
            age <= click.lookback.timeInterval
        else { return nil }
        return Reengagement(
            click: click, openTime: openTime,
            end: click.link.reengagementWindow.map { openTime.addingTimeInterval($0.timeInterval) })
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
        // The clicks are read field by field, by index: filtering them and keeping the best so far
        // copied every candidate click (and passing one to a check copies it), a retain and a release
        // for each of its parts.
        clicks.withUnsafeBufferPointer { clicks in
            let limit = window?.timeInterval ?? .infinity
            func isCandidate(_ index: Int) -> Bool {
                let age = installTime.timeIntervalSince(clicks[index].time)
                return age >= 0 && age <= clicks[index].lookback.timeInterval && age <= limit
            }
            if let index = Self.last(
                in: clicks,
                where: {
                    isCandidate($0)
                        && Self.idMatches(
                            clicks[$0].advertisingID, clicks[$0].deviceID, device: device, deviceID: deviceID)
                })
            {
                let pid = clicks[index].parameters["pid"]?.textValue
                let type: MatchType = pid.map(selfReportingNetworks.contains) == true ? .srn : .idMatching
                return InstallMatch(click: clicks[index], matchType: type)
            }
            let fingerprint = DeviceFingerprint(device: device)
            let fingerprintWindow = probabilisticWindow.timeInterval
            let found = Self.last(in: clicks) { index in
                isCandidate(index) && installTime.timeIntervalSince(clicks[index].time) <= fingerprintWindow
                    && clicks[index].fingerprint.matches(fingerprint)
            }
            return found.map { InstallMatch(click: clicks[$0], matchType: .probabilistic) }
        }
    }

    /// Looks the install up in `store`.
    ///
    /// - Throws: Whatever the store throws.
    public func match(
        device: DeviceInfo, deviceID: String, installTime: Date, in store: any ClickStore,
        within window: Duration? = nil
    ) async throws -> InstallMatch? {
        // Only clicks that can match are copied out of a large store that can tell them.
        let clicks = try await store.candidateClicks(
            from: Self.earliestClick(installTime: installTime, within: window), through: installTime,
            device: device, deviceID: deviceID)
        return match(
            device: device, deviceID: deviceID, installTime: installTime, among: clicks, within: window)
    }

    /// The oldest click time an install at `installTime` can match, within `window` when one is set.
    static func earliestClick(installTime: Date, within window: Duration?) -> Date {
        let reach = window.map { min($0, ClickLookback.maximumWindow) } ?? ClickLookback.maximumWindow
        return installTime.addingTimeInterval(-reach.timeInterval)
    }

    /// The conversion data of an install: non-organic from the matched click, organic when nothing matched.
    ///
    /// - Throws: Whatever the store throws.
    public func conversionData(
        device: DeviceInfo, deviceID: String, installTime: Date, in store: any ClickStore,
        formerInstallTime: Date? = nil
    ) async throws -> AttributionPayload {
        let found = try await match(device: device, deviceID: deviceID, installTime: installTime, in: store)
        return conversionData(of: found, installTime: installTime, formerInstallTime: formerInstallTime)
    }

    /// The conversion data of an install that matched `found`: non-organic from its click, organic for `nil`.
    func conversionData(
        of found: InstallMatch?, installTime: Date, formerInstallTime: Date?
    ) -> AttributionPayload {
        guard let found else { return Self.conversionData(for: nil, installTime: installTime) }
        let type = conversionType(of: found, installTime: installTime, formerInstallTime: formerInstallTime)
        return found.conversionData(installTime: installTime, conversionType: type)
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

    /// Whether a click's advertising ID or device ID is the device's.
    private static func idMatches(
        _ advertisingID: String?, _ clickDeviceID: String?, device: DeviceInfo, deviceID: String
    ) -> Bool {
        if let clickID = advertisingID, let deviceAdvertisingID = device.advertisingID,
            !clickID.isEmpty, clickID != zeroAdvertisingID,
            clickID.lowercased() == deviceAdvertisingID.lowercased()
        {
            return true
        }
        if let clickDevice = clickDeviceID, !clickDevice.isEmpty, clickDevice == deviceID { return true }
        return false
    }

    /// The index of the newest click whose index passes `predicate` (of equal times, the later one).
    private static func last(
        in clicks: UnsafeBufferPointer<RecordedClick>, where predicate: (Int) -> Bool
    ) -> Int? {
        var best: Int?
        for index in clicks.indices where predicate(index) {
            if let current = best, clicks[index].time < clicks[current].time { continue }
            best = index
        }
        return best
    }
}
