import OneLinkSupport

/// The AppsFlyer plan of the account the server stands in for: what it lets through.
///
/// A growable set: plans come and go, so any name reads; the ones with a rule are the static members.
/// Today the plan decides the server-to-server event API only: under ``zero`` every authenticated
/// `POST /inappevent/{app_id}` is `403 Forbidden`, the documented answer for "Zero Package"
/// (https://dev.appsflyer.com/hc/reference/inapp-events-1). SDK traffic is not refused by plan,
/// because the threads show the Zero plan's 403 on SDK calls only once its conversion quota is used
/// (AppsFlyerSDK/appsflyer-android-sdk#16, appsflyer-flutter-plugin#254).
public struct AppsFlyerPlan: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The plan's name, lowercased, such as `zero` or `growth`.
    public let rawValue: String

    /// Creates a plan from its name (any case).
    public init(rawValue: String) {
        self.rawValue = rawValue.lowercased()
    }

    /// The free plan: the S2S event API answers it `403 Forbidden`.
    public static let zero = AppsFlyerPlan(rawValue: "zero")
    /// The pay-as-you-go plan, the server's default: every API is open.
    public static let growth = AppsFlyerPlan(rawValue: "growth")
    /// The enterprise plan: every API is open.
    public static let enterprise = AppsFlyerPlan(rawValue: "enterprise")

    /// The plans `serve --plan` names.
    public static let documented: [AppsFlyerPlan] = [.zero, .growth, .enterprise]

    /// Whether the S2S event API records events under this plan ("Zero Package" does not accept them).
    public var acceptsS2SEvents: Bool { self != .zero }

    /// The plan's name.
    public var description: String { rawValue }
}
