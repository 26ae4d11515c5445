/// The emulated App Tracking Transparency status, as `ATTrackingManager.AuthorizationStatus` has it.
///
/// Set it on ``AppsFlyerLib/trackingAuthorizationStatus``; a change from
/// ``notDetermined`` ends ``AppsFlyerLib/waitForATTUserAuthorization(timeoutInterval:)``.
public enum TrackingAuthorizationStatus: UInt, Sendable, Hashable, CaseIterable {
    /// The user has not answered the prompt yet.
    case notDetermined = 0
    /// Tracking is restricted on the device.
    case restricted = 1
    /// The user denied tracking.
    case denied = 2
    /// The user allowed tracking: the advertising identifier is available.
    case authorized = 3

    /// Whether the user has answered (or the device decided).
    public var isDetermined: Bool { self != .notDetermined }
}
