import OneLinkSupport

/// A set of keys the server checks on some of its APIs, which a server reachable from the network
/// must be given: without them, those APIs accept any key.
///
/// ``OneLinkServer/Configuration/missingNetworkCredentials`` lists the ones a configuration lacks,
/// and ``ServerError/missingCredentials(host:missing:)`` refuses a non-loopback host while any is
/// missing.
public enum ServerCredential: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ``OneLinkServer/Configuration/devKeys``: the conversion-data routes (the GCD API v4.0 and the
    /// SDK's v5.0) and the deep-linking REST API's `af_sig`; without them every dev key and signature
    /// is accepted.
    ///
    /// The launch route asks the ``OneLinkServer/Configuration/launchRecorder``; give it the same
    /// keys (`InMemoryLaunchRecorder(validDevKeys:)`), as `onelink-replay serve --dev-key` does.
    case devKeys
    /// ``OneLinkServer/Configuration/s2sKeys``: the S2S event API (`POST /inappevent/{app_id}`);
    /// without them any non-empty key is accepted.
    case s2sKeys
    /// The ``OneLinkAPISettings/tokens`` of ``OneLinkServer/Configuration/oneLinkAPI``: the OneLink
    /// API (v2.0 and v1) and the Test Console API; without them (or without the settings) any
    /// non-empty token is accepted.
    case apiTokens

    /// The routes the keys guard, such as `the S2S event API (POST /inappevent/{app_id})`.
    public var guardedRoutes: String {
        switch self {
        case .devKeys:
            "the conversion-data routes (GCD API v4.0, the SDK's v5.0) and the deep-linking REST API"
        case .s2sKeys: "the S2S event API (POST /inappevent/{app_id})"
        case .apiTokens: "the OneLink API (v2.0 and v1) and the Test Console API"
        }
    }

    /// The configuration property and the routes, such as `s2sKeys (the S2S event API …)`.
    public var description: String {
        switch self {
        case .devKeys: "devKeys (\(guardedRoutes))"
        case .s2sKeys: "s2sKeys (\(guardedRoutes))"
        case .apiTokens: "oneLinkAPI.tokens (\(guardedRoutes))"
        }
    }
}
