import OneLinkEmulator

/// Where a deep-link action came from.
public enum ActionSource: String, Sendable, Hashable, CaseIterable {
    /// A push notification's payload.
    case push
    /// A URL the app was opened with.
    case url
    /// An SDK callback payload (`onAppOpenAttribution`, `didResolveDeepLink`, ...).
    case callback
    /// App code handed the router an action directly.
    case direct
}

extension ActionSource: CustomStringConvertible {
    /// The source's name.
    public var description: String { rawValue }
}
