import OneLinkEmulator
import OneLinkSupport

/// One route of one API: a method on a path template, the fault-plan route it counts as, what tells
/// it apart from another entry on the same method and path, its documentation, and its handler.
struct RouteEntry: Sendable {
    /// What tells an entry apart from another one on the same method and path.
    enum Discriminator: Sendable, CustomStringConvertible {
        /// The JSON body has (or lacks) this top-level key.
        case bodyKey(String)
        /// The query has this parameter.
        case queryParameter(String, value: String? = nil)
        /// Any other rule, with the sentence the documentation shows.
        case rule(String, @Sendable (ServerRequest) -> Bool)

        /// Whether `request` is this entry's.
        func matches(_ request: ServerRequest) -> Bool {
            switch self {
            case .bodyKey(let key):
                return (try? AttributionPayload(json: request.body))?[key] != nil
            case .queryParameter(let name, let value):
                guard let item = request.queryValue(name) else { return false }
                return value.map { item == $0 } ?? true
            case .rule(_, let matches):
                return matches(request)
            }
        }

        /// The rule in words, for the documentation.
        var description: String {
            switch self {
            case .bodyKey(let key): "the JSON body has `\(key)`"
            case .queryParameter(let name, let value?): "the query has `\(name)=\(value)`"
            case .queryParameter(let name, nil): "the query has `\(name)`"
            case .rule(let text, _): text
            }
        }
    }

    /// The method.
    var method: HTTPMethod
    /// The path template, `{name}` for each parameter, such as `/install_data/v4.0/{app-id}`.
    var path: String
    /// The route a ``FaultPlan`` names to fault this entry; `nil` for the admin routes, which never
    /// take a fault so that a plan can always be lifted.
    var fault: ServerRoute?
    /// What tells the entry apart from a later one on the same method and path; `nil` takes every
    /// request that reaches it.
    var discriminator: Discriminator?
    /// The entry's documentation: the OpenAPI operation.
    var doc: RouteDoc
    /// The handler.
    var answer: @Sendable (RoutedRequest) async -> ServerResponse

    /// Whether the discriminator alone decides the path: the entry takes any path its rule takes
    /// (a click on a long link, a short link or the smart link), and ``path`` is how it is documented.
    var anyPath: Bool

    /// The template's segments: literal text, or a `{name}` parameter.
    let segments: [Substring]

    /// Creates an entry.
    init(
        _ method: HTTPMethod, _ path: String, fault: ServerRoute?, when discriminator: Discriminator? = nil,
        anyPath: Bool = false, doc: RouteDoc,
        answer: @escaping @Sendable (RoutedRequest) async -> ServerResponse
    ) {
        self.anyPath = anyPath
        self.method = method
        self.path = path
        self.fault = fault
        self.discriminator = discriminator
        self.doc = doc
        self.answer = answer
        segments = path.split(separator: "/")
    }

    /// The path parameters by name when `segments` (decoded) fit the template, else `nil`.
    func parameters(matching segments: [String]) -> [String: String]? {
        guard self.segments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, segment) in zip(self.segments, segments) {
            if part.first == "{", part.last == "}" {
                parameters[String(part.dropFirst().dropLast())] = segment
            } else if part != segment {
                return nil
            }
        }
        return parameters
    }
}

/// A request the router matched to an entry: the request (its fault hop stripped), the path
/// parameters and the client's address.
struct RoutedRequest: Sendable {
    /// The request.
    var request: ServerRequest
    /// The path parameters by name, decoded.
    var parameters: [String: String]
    /// The client's IP address.
    var clientIP: String

    /// The path parameter `name`, or empty.
    subscript(parameter name: String) -> String { parameters[name] ?? "" }
}
