public import Foundation
public import OneLinkEmulator

/// Keeps the clicks the OneLink server saw, for install matching.
///
/// Contract for conforming types:
/// - ``record(_:)`` stores the whole click or nothing; when it cannot store
///   it, it throws ``ClickError/storageFailed(_:)`` and the store is unchanged.
/// - ``clicks(from:through:)`` returns every stored click whose time lies in
///   the closed range, in the order they were recorded (oldest first), so
///   that among clicks with equal times the later-recorded one comes last.
/// - A store may forget clicks older than ``ClickLookback/maximumWindow``
///   before the newest click, since they can never match an install. Only a
///   store configured to do so (``InMemoryClickStore/Overflow/dropOldest``)
///   forgets younger clicks, its oldest first, when it is full.
/// - Implementations must be safe to call from many tasks at once.
public protocol ClickStore: Sendable {
    /// Stores one click.
    ///
    /// - Throws: ``ClickError/storageFailed(_:)``.
    func record(_ click: RecordedClick) async throws

    /// The stored clicks whose time lies in `start...end`, oldest first.
    ///
    /// - Throws: ``ClickError/storageFailed(_:)``.
    func clicks(from start: Date, through end: Date) async throws -> [RecordedClick]

    /// Forgets every click.
    ///
    /// - Throws: ``ClickError/storageFailed(_:)``.
    func removeAll() async throws

    /// The stored clicks in `start...end` that could match an install of `device` (`deviceID`),
    /// oldest first: at least every click with that device ID, with any advertising ID when the
    /// device has one, or with the device's IP address.
    ///
    /// The default is ``clicks(from:through:)``; a large store answers with fewer clicks.
    ///
    /// - Throws: ``ClickError/storageFailed(_:)``.
    func candidateClicks(
        from start: Date, through end: Date, device: DeviceInfo, deviceID: String
    ) async throws -> [RecordedClick]

    /// How many clicks the store holds, or `nil` when it cannot tell cheaply (the default).
    var storedClickCount: Int? { get }

    /// ``candidateClicks(from:through:device:deviceID:)``'s answer when the store has it without
    /// waiting, or `nil` to be asked through that method.
    ///
    /// The click-store sources ask this first, so an SDK's lookup against a store in memory takes no
    /// task or timer. An answer must be what ``candidateClicks(from:through:device:deviceID:)``
    /// would give. The default is `nil`: a store that always waits need not implement it.
    func candidateClicksImmediately(
        from start: Date, through end: Date, device: DeviceInfo, deviceID: String
    ) -> Result<[RecordedClick], any Error>?
}

extension ClickStore {
    /// Every stored click in `start...end`: the matcher filters them.
    public func candidateClicks(
        from start: Date, through end: Date, device: DeviceInfo, deviceID: String
    ) async throws -> [RecordedClick] {
        try await clicks(from: start, through: end)
    }

    /// `nil`: the store does not say.
    public var storedClickCount: Int? { nil }

    /// `nil`: every lookup goes through ``candidateClicks(from:through:device:deviceID:)``.
    public func candidateClicksImmediately(
        from start: Date, through end: Date, device: DeviceInfo, deviceID: String
    ) -> Result<[RecordedClick], any Error>? {
        nil
    }
}

extension ClickStore {
    /// The clicks that could match `request`'s install within `window`, when the store has them without
    /// waiting; a store failure as the click-store sources report it.
    func candidateClicksImmediately(
        for request: InstallAttributionRequest, within window: Duration?
    ) -> Result<[RecordedClick], any Error>? {
        candidateClicksImmediately(
            from: InstallMatcher.earliestClick(installTime: request.installTime, within: window),
            through: request.installTime, device: request.device, deviceID: request.deviceID
        )?.mapError { AttributionError.unexpected("click store: \($0)") }
    }
}
