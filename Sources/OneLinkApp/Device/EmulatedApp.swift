import OneLinkEmulator

/// An app installed on an ``EmulatedDevice``: its bundle ID, the URL schemes it handles, and its open handler.
public struct EmulatedApp: Sendable {
    /// The bundle ID, such as `com.example.shop`.
    public var bundleID: String
    /// The URL schemes it registers (`CFBundleURLSchemes`), lowercased.
    public var urlSchemes: [String]
    /// The schemes it may ask ``EmulatedDevice/canOpenURL(_:from:)`` about (`LSApplicationQueriesSchemes`), lowercased.
    public var queriesSchemes: [String]
    /// Called for every launch and URL open, on the thread that asked for it.
    public var onOpen: (@Sendable (AppOpenDelivery) -> Void)?

    /// Creates an app description.
    public init(
        bundleID: String, urlSchemes: [String] = [], queriesSchemes: [String] = [],
        onOpen: (@Sendable (AppOpenDelivery) -> Void)? = nil
    ) {
        self.bundleID = bundleID
        self.urlSchemes = urlSchemes.map { $0.lowercased() }
        self.queriesSchemes = queriesSchemes.map { $0.lowercased() }
        self.onOpen = onOpen
    }
}
