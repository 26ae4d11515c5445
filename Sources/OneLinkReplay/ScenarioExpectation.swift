public import OneLinkEmulator

/// One expected output of a step: its name and the fields that must match.
///
/// Fields the expectation does not name are not checked. `payload` is
/// compared by ``match``; every other field must be equal, except that an
/// expected object only needs the members it names. Values compare by type
/// (``TypeMatching/strict``) unless ``types`` is ``TypeMatching/loose``.
public struct ScenarioExpectation: Sendable, Hashable {
    /// How an expected payload is compared with the observed one.
    public enum PayloadMatch: String, Sendable, Hashable {
        /// The same keys, each with an equal value.
        case exact
        /// Every expected key is present with an equal value; other keys are ignored.
        case subset
    }

    /// How values of different JSON types compare.
    public enum TypeMatching: String, Sendable, Hashable {
        /// `1`, `"1"`, `true` and `1.0` are all different.
        case strict
        /// Scalars compare by meaning: numbers numerically, `true` = `1` = `"true"`, `"6"` = `6` = `6.0`.
        case loose
    }

    /// The output name, such as `onConversionDataSuccess`, `didResolveDeepLink` or `route`.
    public var output: String
    /// The expected fields, without `output`, `match` and `types`.
    public var fields: [String: AttributionValue]
    /// How `payload` is compared.
    public var match: PayloadMatch
    /// How types are compared.
    public var types: TypeMatching

    /// Creates an expectation.
    public init(
        _ output: String, fields: [String: AttributionValue] = [:], match: PayloadMatch = .exact,
        types: TypeMatching = .strict
    ) {
        self.output = output
        self.fields = fields
        self.match = match
        self.types = types
    }

    /// Every output name a step can produce.
    public static let outputNames = [
        "onConversionDataSuccess", "onConversionDataFail", "onAppOpenAttribution",
        "onAppOpenAttributionFailure",
        "didResolveDeepLink", "sessionReady", "log", "launch", "$AppStart", "$AppEnd", "$AppStartPassively",
        "lifecycleError",
        "route", "held", "routingError", "clipboard", "openURL", "click", "clickError",
        "delivery", "wiringCheck", "startCompletion", "navigate",
    ]
}
