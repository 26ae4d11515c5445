public import OneLinkEmulator
import OneLinkSupport

/// The HTML page a server answers `GET /` with: what it has seen and what is in force.
///
/// With ``OneLinkServer/Configuration/dashboard`` set, `GET /` on the server is a
/// plain HTML and CSS page (no script, no external assets) that shows the recent
/// requests and their answers, the recorded clicks, the installs asked about and
/// how each was matched (or why not), the short links and the fault plan. It
/// reloads itself every ``refreshSeconds`` seconds. Everything it shows is
/// HTML-escaped, and it stays bounded: at most ``maximumRows`` rows per table and
/// ``maximumCellCharacters`` characters per cell, so a large click store or a
/// hostile request cannot make the page large.
///
/// ```swift
/// var configuration = OneLinkServer.Configuration(clickHandler: handler)
/// configuration.dashboard = ServerDashboard(shortLinks: links)
/// ```
public struct ServerDashboard: Sendable {
    /// The most rows each table shows, newest first; 50 by default, at least 1, at most 1,000.
    public var maximumRows: Int
    /// The most characters a cell shows before it is cut with a note of how much was left out;
    /// 200 by default, at least 16, at most 4,096.
    public var maximumCellCharacters: Int
    /// How often the page reloads itself, in seconds (`<meta http-equiv="refresh">`); 2 by default,
    /// at least 1.
    public var refreshSeconds: Int
    /// The short links the page lists, keyed `template/shortID` (the server's resolver does not list them).
    public var shortLinks: [String: AttributionPayload]

    /// Creates a dashboard.
    public init(
        shortLinks: [String: AttributionPayload] = [:], maximumRows: Int = 50,
        maximumCellCharacters: Int = 200,
        refreshSeconds: Int = 2
    ) {
        self.shortLinks = shortLinks
        self.maximumRows = min(max(1, maximumRows), 1000)
        self.maximumCellCharacters = min(max(16, maximumCellCharacters), 4096)
        self.refreshSeconds = max(1, refreshSeconds)
    }
}
