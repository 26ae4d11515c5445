public import Foundation

/// The user's consent for GDPR and the Digital Markets Act, as `AppsFlyerConsent.h` (6.16 and later, and 7.0) has it.
///
/// Hand it to ``AppsFlyerLib/setConsentData(_:)``: every later launch and
/// conversion-data request carries it as `consent_data.manual`. Each value is
/// an `NSNumber` holding a boolean, or `nil` for "not known", which the SDK
/// leaves out of the request.
public final class AppsFlyerConsent: NSObject, Sendable {
    /// Whether GDPR applies to the user.
    public let isUserSubjectToGDPR: NSNumber?
    /// Whether the user consented to the use of their data for advertising.
    public let hasConsentForDataUsage: NSNumber?
    /// Whether the user consented to personalized advertising.
    public let hasConsentForAdsPersonalization: NSNumber?
    /// Whether the user consented to storing or reading data on the device.
    public let hasConsentForAdStorage: NSNumber?

    /// Creates consent data; Swift's `true` and `false` literals become `NSNumber`s.
    public init(
        isUserSubjectToGDPR: NSNumber?, hasConsentForDataUsage: NSNumber?,
        hasConsentForAdsPersonalization: NSNumber?, hasConsentForAdStorage: NSNumber?
    ) {
        self.isUserSubjectToGDPR = isUserSubjectToGDPR
        self.hasConsentForDataUsage = hasConsentForDataUsage
        self.hasConsentForAdsPersonalization = hasConsentForAdsPersonalization
        self.hasConsentForAdStorage = hasConsentForAdStorage
    }

    /// Consent of a user GDPR applies to: the 6.13 initializer, deprecated since 6.16.
    @available(
        *, deprecated,
        message:
            "Use init(isUserSubjectToGDPR:hasConsentForDataUsage:hasConsentForAdsPersonalization:hasConsentForAdStorage:)"
    )
    public convenience init(
        forGDPRUserWithHasConsentForDataUsage hasConsentForDataUsage: Bool,
        hasConsentForAdsPersonalization: Bool
    ) {
        self.init(
            isUserSubjectToGDPR: true, hasConsentForDataUsage: NSNumber(value: hasConsentForDataUsage),
            hasConsentForAdsPersonalization: NSNumber(value: hasConsentForAdsPersonalization),
            hasConsentForAdStorage: nil)
    }

    /// Consent of a user GDPR does not apply to: the 6.13 initializer, deprecated since 6.16.
    @available(
        *, deprecated,
        message:
            "Use init(isUserSubjectToGDPR:hasConsentForDataUsage:hasConsentForAdsPersonalization:hasConsentForAdStorage:)"
    )
    public convenience init(nonGDPRUser: ()) {
        self.init(
            isUserSubjectToGDPR: false, hasConsentForDataUsage: nil, hasConsentForAdsPersonalization: nil,
            hasConsentForAdStorage: nil)
    }

    /// The `consent_data.manual` object the requests carry: the values that are set.
    var manualPayload: AttributionPayload {
        var payload: AttributionPayload = [:]
        let fields: [(String, NSNumber?)] = [
            ("gdpr_applies", isUserSubjectToGDPR), ("ad_user_data_enabled", hasConsentForDataUsage),
            ("ad_personalization_enabled", hasConsentForAdsPersonalization),
            ("ad_storage_enabled", hasConsentForAdStorage),
        ]
        for (key, value) in fields {
            if let value { payload[key] = .bool(value.boolValue) }
        }
        return payload
    }
}
