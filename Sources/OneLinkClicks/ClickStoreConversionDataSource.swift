public import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// A conversion-data source that attributes installs to the clicks in a ``ClickStore``.
///
/// The first request for a device ID is matched with the ``InstallMatcher``
/// and its answer is kept, so later requests for the same device ID get the
/// same conversion data even after new clicks arrive: the service attributes
/// an install once. Store failures are reported as
/// ``AttributionError/unexpected(_:)``.
///
/// The source also remembers when each device was first installed, so that
/// a reinstall (a new device ID on the same device) matched to a
/// retargeting click inside the matcher's re-attribution window is a
/// re-attribution (``InstallMatcher/conversionType(of:installTime:formerInstallTime:)``).
/// The real service knows the device by its identifiers (IDFV, IDFA); the
/// emulator, which has no IDFV, knows it by the advertising ID when the
/// device has one, else by its ``DeviceFingerprint``.
public final class ClickStoreConversionDataSource: ConversionDataSource, Sendable {
    private struct State {
        var answers: [String: AttributionPayload] = [:]
        // The first install time per device identity, with the device ID of that install.
        var firstInstalls: [DeviceIdentity: (deviceID: String, time: Date)] = [:]
        var installOrder = BoundedHistory<DeviceIdentity>(limit: .max)
        // Device IDs in the order their answers were first given, for evicting the oldest.
        var answerOrder = BoundedHistory<String>(limit: .max)
        var maximumRememberedDevices = ClickStoreConversionDataSource.defaultMaximumRememberedDevices
    }

    private let state = Locked(State())
    private let requestLog = RequestLog<InstallAttributionRequest>()
    /// The clicks installs are matched against.
    public let store: any ClickStore
    /// The matching rules.
    public let matcher: InstallMatcher
    /// The registered test devices: an install whose advertising ID is registered is always a new
    /// install, never a reinstall, as AppsFlyer exempts test devices from the re-attribution window.
    public let testDevices: TestDeviceRegistry

    /// Creates a source.
    public init(
        store: any ClickStore, matcher: InstallMatcher = .standard,
        testDevices: TestDeviceRegistry = TestDeviceRegistry()
    ) {
        self.store = store
        self.matcher = matcher
        self.testDevices = testDevices
    }

    /// The default of ``maximumRememberedDevices``: 100,000.
    public static let defaultMaximumRememberedDevices = 100_000

    /// The newest requests received (at most ``requestHistoryLimit``), oldest first.
    public var requests: [InstallAttributionRequest] { requestLog.elements }

    /// The most requests ``requests`` keeps.
    ///
    /// Older ones are dropped; the default is ``RequestHistory/defaultLimit``, and 0 keeps none.
    public var requestHistoryLimit: Int {
        get { requestLog.limit }
        set { requestLog.limit = newValue }
    }

    /// How many requests were dropped from ``requests`` to respect ``requestHistoryLimit``.
    public var droppedRequestCount: Int { requestLog.droppedCount }

    /// The most devices whose first answer is remembered (default 100,000).
    ///
    /// Beyond it the device answered longest ago is forgotten, and its next request is matched
    /// afresh against the clicks still stored. The first installs kept for re-attribution have the
    /// same bound: the earliest remembered is forgotten first. At least 1.
    public var maximumRememberedDevices: Int {
        get { state.withLock { $0.maximumRememberedDevices } }
        set {
            state.withLock { state in
                state.maximumRememberedDevices = max(1, newValue)
                Self.evictAnswers(&state)
            }
        }
    }

    /// The number of devices whose answer is remembered.
    public var rememberedDeviceCount: Int { state.withLock { $0.answers.count } }

    private static func evictAnswers(_ state: inout State) {
        while state.answers.count > state.maximumRememberedDevices, let oldest = state.answerOrder.first {
            state.answerOrder.removeFirst()
            state.answers[oldest] = nil
        }
        while state.firstInstalls.count > state.maximumRememberedDevices,
            let oldest = state.installOrder.first
        {
            state.installOrder.removeFirst()
            state.firstInstalls[oldest] = nil
        }
    }

    /// How the service recognises a device across reinstalls.
    private enum DeviceIdentity: Hashable {
        case advertisingID(String)
        case fingerprint(DeviceFingerprint)

        init(_ device: DeviceInfo) {
            if let id = device.advertisingID?.lowercased(), !id.isEmpty,
                id != InstallMatcher.zeroAdvertisingID
            {
                self = .advertisingID(id)
            } else {
                self = .fingerprint(DeviceFingerprint(device: device))
            }
        }
    }

    /// Remembers an install the service saw before this source was asked about it, such as the
    /// install of a device a test starts as already installed.
    ///
    /// A later install on the same device (its advertising ID, else its fingerprint) with another
    /// device ID is then a reinstall. An earlier install already remembered for the device is kept.
    public func recordInstall(deviceID: String, installTime: Date, device: DeviceInfo) {
        _ = remember(DeviceIdentity(device), deviceID: deviceID, installTime: installTime)
    }

    /// Records the install and returns the device's earlier first install time, if it had one.
    private func formerInstallTime(of request: InstallAttributionRequest) -> Date? {
        remember(DeviceIdentity(request.device), deviceID: request.deviceID, installTime: request.installTime)
    }

    private func remember(_ identity: DeviceIdentity, deviceID: String, installTime: Date) -> Date? {
        state.withLock { state in
            guard let first = state.firstInstalls[identity] else {
                state.firstInstalls[identity] = (deviceID, installTime)
                state.installOrder.append(identity)
                Self.evictAnswers(&state)
                return nil
            }
            guard first.deviceID != deviceID, first.time <= installTime else { return nil }
            return first.time
        }
    }

    /// Forgets `deviceID`: its remembered answer, and the first install it stands for, so the device's
    /// next install request is matched afresh as a new install (not a reinstall of itself).
    ///
    /// Clicks stay in the store. Returns whether anything was remembered for the device ID.
    @discardableResult
    public func forgetDevice(_ deviceID: String) -> Bool {
        state.withLock { state in
            var forgot = state.answers.removeValue(forKey: deviceID) != nil
            if forgot { state.answerOrder.removeAll { $0 == deviceID } }
            let identities = state.firstInstalls.filter { $0.value.deviceID == deviceID }.map(\.key)
            for identity in identities { state.firstInstalls[identity] = nil }
            if !identities.isEmpty {
                state.installOrder.removeAll { identities.contains($0) }
                forgot = true
            }
            return forgot
        }
    }

    /// Forgets every device: every remembered answer and first install (clicks stay in the store).
    public func forgetAllDevices() {
        state.withLock { state in
            state.answers.removeAll()
            state.answerOrder.removeAll()
            state.firstInstalls.removeAll()
            state.installOrder.removeAll()
        }
    }

    /// Returns the install's conversion data: non-organic with the matched click's parameters, or organic.
    ///
    /// - Throws: ``AttributionError/unexpected(_:)`` when the store fails, `CancellationError` when cancelled.
    public func conversionData(for request: InstallAttributionRequest) async throws -> AttributionPayload {
        requestLog.append(request)
        if let cached = cachedAnswer(for: request) { return cached }
        try Task.checkCancellation()
        let former = formerInstall(of: request)
        let found: InstallMatch?
        do {
            found = try await matcher.match(
                device: request.device, deviceID: request.deviceID, installTime: request.installTime,
                in: store)
        } catch {
            throw AttributionError.unexpected("click store: \(error)")
        }
        return answer(request, found: found, formerInstallTime: former)
    }

    /// ``conversionData(for:)`` without suspending, when the store answers without waiting (``InMemoryClickStore``); `nil` (and nothing recorded) otherwise.
    public func conversionDataImmediately(
        for request: InstallAttributionRequest
    ) -> Result<AttributionPayload, any Error>? {
        if let cached = cachedAnswer(for: request) {
            requestLog.append(request)
            return .success(cached)
        }
        guard let clicks = store.candidateClicksImmediately(for: request, within: nil) else { return nil }
        requestLog.append(request)
        let former = formerInstall(of: request)
        return clicks.map { clicks in
            let found = matcher.match(
                device: request.device, deviceID: request.deviceID, installTime: request.installTime,
                among: clicks)
            return answer(request, found: found, formerInstallTime: former)
        }
    }

    /// The answer already given to this request's device, which stays its answer.
    private func cachedAnswer(for request: InstallAttributionRequest) -> AttributionPayload? {
        state.withLock { $0.answers[request.deviceID] }
    }

    /// Records the install and returns the device's earlier first install time: `nil` for a test device, which is never a reinstall.
    private func formerInstall(of request: InstallAttributionRequest) -> Date? {
        let isTestDevice = request.device.advertisingID.map { testDevices.contains(identifier: $0) } ?? false
        return isTestDevice ? nil : formerInstallTime(of: request)
    }

    /// The conversion data of the match, kept as the device's answer unless another call kept one first.
    private func answer(
        _ request: InstallAttributionRequest, found: InstallMatch?, formerInstallTime: Date?
    ) -> AttributionPayload {
        let data = matcher.conversionData(
            of: found, installTime: request.installTime, formerInstallTime: formerInstallTime)
        return state.withLock { state in
            if let first = state.answers[request.deviceID] { return first }
            state.answers[request.deviceID] = data
            state.answerOrder.append(request.deviceID)
            Self.evictAnswers(&state)
            return data
        }
    }
}

extension ConversionDataSource where Self == ClickStoreConversionDataSource {
    /// A source that attributes installs to the clicks in `store`.
    public static func clickStore(
        _ store: any ClickStore, matcher: InstallMatcher = .standard
    ) -> ClickStoreConversionDataSource {
        ClickStoreConversionDataSource(store: store, matcher: matcher)
    }
}
