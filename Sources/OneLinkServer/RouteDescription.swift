public import OneLinkSupport

/// One route the server answers: a method and a path template such as
/// `GET /api/v2.0/shortlinks/{onelink-id}/{shortlink-id}`, as `Docs/openapi.json` lists them.
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
    /// Every route the server answers, in routing order, as a server with every feature on has
    /// them (the dashboard, clicks, the OneLink API): each API's route entries.
    ///
    /// A method and path that several entries share (told apart by a body key, a header or a query
    /// parameter) is listed once.
    public static var routes: [RouteDescription] {
        var routes: [RouteDescription] = []
        for entry in Router(context: .documented).entries {
            let route = RouteDescription(method: entry.method, path: entry.path)
            if !routes.contains(route) { routes.append(route) }
        }
        return routes
    }

    /// The OpenAPI 3 document of ``routes``, as `GET /openapi.json` serves it: pretty-printed JSON
    /// with sorted keys, generated from the route entries.
    public static var openAPIDocument: String {
        String(
            decoding: OpenAPIDocument(entries: Router(context: .documented).entries).jsonBytes(),
            as: UTF8.self)
    }
}
