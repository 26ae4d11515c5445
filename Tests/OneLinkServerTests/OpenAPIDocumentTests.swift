import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import OneLinkTestThreads
import Testing

/// `Docs/openapi.yaml` describes exactly the server's routes, and the server answers each of them.
@Suite("Server: Docs/openapi.yaml matches the router", .timeLimit(.minutes(5)))
struct OpenAPIDocumentTests {
    /// `METHOD /path` for every operation under the document's `paths:`.
    static func documentedRoutes() throws -> Set<String> {
        let url = ReplayExecutable.packageRoot.appendingPathComponent("Docs/openapi.yaml")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var routes: Set<String> = []
        var inPaths = false
        var path: String?
        let methods = ["get", "put", "post", "delete", "patch", "head", "options"]
        for line in lines {
            if !line.hasPrefix(" "), !line.isEmpty {
                inPaths = line == "paths:"
                continue
            }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), !line.hasPrefix("   "), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), let path {
                let key = line.trimmingCharacters(in: .whitespaces).dropLast()
                if line.hasSuffix(":"), methods.contains(String(key)) {
                    routes.insert("\(key.uppercased()) \(path)")
                }
            }
        }
        return routes
    }

    @Test("every route in the router is in the file, and every operation in the file is a route")
    func sameRoutes() throws {
        let documented = try Self.documentedRoutes()
        let served = Set(OneLinkServer.routes.map(\.description))
        #expect(served.count == OneLinkServer.routes.count, "a route is listed twice")
        #expect(served.subtracting(documented).isEmpty, "routes missing from Docs/openapi.yaml")
        #expect(documented.subtracting(served).isEmpty, "operations the server does not route")
        #expect(documented.count >= 19)
    }

    @Test("the server answers every listed route: none falls through to a 404 'no route' or a 405")
    func everyRouteIsAnswered() async throws {
        let links = InMemoryShortLinkResolver()
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: "https://apps.apple.com/app/id1", oneLinkDomains: ["app.onelink.me"],
                templates: ["T1"], interstitialDomain: "open.example.net"),
            shortLinks: links, store: InMemoryClickStore())
        let server = try OneLinkServer(
            configuration: .init(
                shortLinkResolver: links, clickHandler: handler, dashboard: ServerDashboard(shortLinks: [:]),
                oneLinkAPI: OneLinkAPISettings(links: links)))
        try await server.start()
        do {
            try await Self.requestEveryRoute(port: server.port)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    static func requestEveryRoute(port: UInt16) async throws {
        for route in OneLinkServer.routes {
            let target = route.path.replacingOccurrences(
                of: #"\{[^}]+\}"#, with: "T1", options: .regularExpression)
            let body = ["POST", "PUT"].contains(route.method) ? "{}" : ""
            let request =
                "\(route.method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: test\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            let response = try await onThread { try RawHTTPConnection.exchange(request, port: port) }
            #expect(response.status != 405, "\(route)")
            #expect(!response.body.contains("no route for"), "\(route): \(response.status) \(response.body)")
            #expect(!response.body.contains("no click handler"), "\(route)")
        }
    }
}
