public import OneLinkEmulator

/// What an `sdk` step changes on the SDK; `nil` leaves a setting as it is.
public struct SDKSettingsStep: Sendable, Hashable {
    /// `isStopped`.
    public var isStopped: Bool?
    /// `anonymizeUser`.
    public var anonymizeUser: Bool?
    /// `waitForATTUserAuthorization(timeoutInterval:)`, in seconds.
    public var waitForATTUserAuthorization: UInt?
    /// The emulated ATT answer (`trackingAuthorizationStatus`).
    public var trackingAuthorization: TrackingAuthorizationStatus?
    /// `customerUserID`; `.some(nil)` clears it.
    public var customerUserID: String??

    /// Creates a change.
    public init(
        isStopped: Bool? = nil, anonymizeUser: Bool? = nil, waitForATTUserAuthorization: UInt? = nil,
        trackingAuthorization: TrackingAuthorizationStatus? = nil, customerUserID: String?? = nil
    ) {
        self.isStopped = isStopped
        self.anonymizeUser = anonymizeUser
        self.waitForATTUserAuthorization = waitForATTUserAuthorization
        self.trackingAuthorization = trackingAuthorization
        self.customerUserID = customerUserID
    }

    /// The `trackingAuthorization` values a scenario may give.
    public static let trackingAuthorizationNames: [String: TrackingAuthorizationStatus] = [
        "notDetermined": .notDetermined, "restricted": .restricted, "denied": .denied,
        "authorized": .authorized,
    ]

    /// Applies the change to `sdk`.
    func apply(to sdk: AppsFlyerLib) {
        if let isStopped { sdk.isStopped = isStopped }
        if let anonymizeUser { sdk.anonymizeUser = anonymizeUser }
        if let waitForATTUserAuthorization {
            sdk.setATTWait(timeoutInterval: Double(waitForATTUserAuthorization))
        }
        if let trackingAuthorization { sdk.trackingAuthorizationStatus = trackingAuthorization }
        if let customerUserID { sdk.customerUserID = customerUserID }
    }
}
