import OneLinkEmulator

/// Where ``PendingDeepLinkRouter`` finds actions and which scheme they must use.
public struct RoutingConfiguration: Sendable, Hashable {
    /// The app's action scheme; actions with any other scheme are rejected.
    public var scheme: String
    /// The push-payload key whose string value is the action text.
    public var pushActionKey: String
    /// The callback-payload key holding the action: a full action text, or just the action name.
    public var callbackValueKey: String
    /// The callback-payload key holding a full action link, used when ``callbackValueKey`` is absent.
    public var callbackLinkKey: String
    /// Callback-payload keys copied as parameters when ``callbackValueKey`` holds only a name.
    public var callbackParameterKeys: [String]

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - scheme: The app's action scheme, such as `myapp`.
    ///   - pushActionKey: The push-payload key of the action text; `action` by default.
    ///   - callbackValueKey: The callback key of the action; `deep_link_value` by default.
    ///   - callbackLinkKey: The callback key of an action link; `link` by default.
    ///   - callbackParameterKeys: Keys copied as parameters; `deep_link_sub1`…`deep_link_sub10` by default.
    public init(
        scheme: String, pushActionKey: String = "action", callbackValueKey: String = "deep_link_value",
        callbackLinkKey: String = "link",
        callbackParameterKeys: [String] = (1...10).map { "deep_link_sub\($0)" }
    ) {
        self.scheme = scheme.lowercased()
        self.pushActionKey = pushActionKey
        self.callbackValueKey = callbackValueKey
        self.callbackLinkKey = callbackLinkKey
        self.callbackParameterKeys = callbackParameterKeys
    }
}
