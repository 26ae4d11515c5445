import OneLinkSupport

/// A feature of the server that its configuration turns off, with the answer its routes give
/// instead: found from the configuration's declared capabilities, never by casting a backend.
///
/// `onelink-replay serve` prints each one on standard error when it starts; from Swift, read
/// ``OneLinkServer/Configuration/unavailableFeatures``.
public struct UnavailableFeature: Sendable, Hashable, CustomStringConvertible {
    /// The feature, such as `short-link loading`.
    public var feature: String
    /// The routes it serves, such as `PUT /onelink-emulator/shortlinks`.
    public var routes: String
    /// What the configuration lacks, such as `no shortLinkStore`.
    public var missing: String
    /// What those routes answer while the feature is off, such as `501`.
    public var answer: String

    /// Creates a description.
    public init(feature: String, routes: String, missing: String, answer: String) {
        self.feature = feature
        self.routes = routes
        self.missing = missing
        self.answer = answer
    }

    /// `short-link loading is off (no shortLinkStore): PUT /onelink-emulator/shortlinks answers 501`.
    public var description: String { "\(feature) is off (\(missing)): \(routes) \(answer)" }
}
