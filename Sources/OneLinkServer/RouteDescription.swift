public import OneLinkSupport

/// One route the server answers: a method and a path template such as
/// `GET /api/v2.0/shortlinks/{onelink-id}/{shortlink-id}`, as `Docs/openapi.yaml` lists them.
public struct RouteDescription: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path, with `{name}` for each path parameter.
    public var path: String

    /// Creates a description.
    public init(method: HTTPMethod, path: String) {
        self.method = method
        self.path = path
    }

    /// `METHOD /path`.
    public var description: String { "\(method) \(path)" }
}

extension OneLinkServer {
    /// Every route the server answers, in routing order: the route table, then the dashboard and
    /// the click paths (matched only when nothing in the table is).
    public static var routes: [RouteDescription] {
        RouteTable.entries.map { RouteDescription(method: $0.method, path: $0.path) }
            + RouteTable.fallbackRoutes
    }
}
