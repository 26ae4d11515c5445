import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import OneLinkTestThreads
import Testing

/// `Docs/openapi.json` is the document the route entries generate, `serve` serves it, and the
/// server answers every operation in it.
@Suite("Server: the OpenAPI document is generated from the routes", .timeLimit(.minutes(5)))
struct OpenAPIDocumentTests {
    static var checkedIn: URL { ReplayExecutable.packageRoot.appendingPathComponent("Docs/openapi.json") }

    static func document(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "Docs/openapi.json is the generated document (regenerate: onelink-replay serve --openapi > Docs/openapi.json)"
    )
    func checkedInDocumentIsGenerated() throws {
        let text = try String(contentsOf: Self.checkedIn, encoding: .utf8)
        #expect(text == OneLinkServer.openAPIDocument)
    }

    @Test("every route is one operation, with its path parameters declared; admin routes are tagged admin")
    func everyRouteIsAnOperation() throws {
        let paths = try #require(
            try Self.document(OneLinkServer.openAPIDocument)["paths"] as? [String: [String: Any]])
        var operations = 0
        for route in OneLinkServer.routes {
            let operation = try #require(
                paths[route.path]?[route.method.rawValue.lowercased()] as? [String: Any], "\(route)")
            operations += 1
            let declared = Set(
                ((operation["parameters"] as? [[String: Any]]) ?? []).filter { $0["in"] as? String == "path" }
                    .compactMap { $0["name"] as? String })
            let inPath = Set(
                route.path.split(separator: "/").filter { $0.hasPrefix("{") }.map {
                    String($0.dropFirst().dropLast())
                })
            #expect(declared == inPath, "\(route)")
            let tags = operation["tags"] as? [String] ?? []
            let isAdmin =
                route.path.hasPrefix("/onelink-emulator/") || route.path == "/"
                || route.path == "/openapi.json"
            #expect(tags.contains("admin") == isAdmin, "\(route)")
            #expect(operation["responses"] != nil, "\(route)")
        }
        #expect(paths.values.map(\.count).reduce(0, +) == operations, "an operation that is no route")
        #expect(operations >= 30)
    }

    @Test(
        "the server answers GET /openapi.json with the document, and every listed route without 'no route' or 405"
    )
    func everyRouteIsAnswered() async throws {
        let links = InMemoryShortLinkResolver()
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: "https://apps.apple.com/app/id1", oneLinkDomains: ["app.onelink.me"],
                templates: ["T1"], interstitialDomain: "open.example.net"),
            shortLinks: links, store: InMemoryClickStore())
        let configuration = OneLinkServer.Configuration(
            shortLinkResolver: links, clickHandler: handler, dashboard: ServerDashboard(shortLinks: [:]),
            oneLinkAPI: OneLinkAPISettings(links: links), shortLinkStore: links)
        let server = EmbeddedServer(configuration: configuration)
        let served = await server.respond(.get, "/openapi.json")
        #expect(served.status == .ok)
        #expect(served.text == OneLinkServer.openAPIDocument)
        for route in OneLinkServer.routes {
            let target = route.path.replacingOccurrences(
                of: #"\{[^}]+\}"#, with: "T1", options: .regularExpression)
            let body = [.post, .put].contains(route.method) ? "{}" : ""
            let response = await server.respond(
                route.method, target, headers: [(.userAgent, "test")], body: body)
            #expect(response.status != .methodNotAllowed, "\(route)")
            #expect(!response.text.contains("no route for"), "\(route): \(response.status) \(response.text)")
            #expect(!response.text.contains("no click handler"), "\(route)")
        }
    }
}
