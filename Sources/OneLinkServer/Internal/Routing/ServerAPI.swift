import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// One of the server's APIs: a type that owns its state, its route entries and its error
/// convention (`Docs/architecture.md`, "The server").
///
/// Adding an endpoint is one ``RouteEntry`` in the API's ``routes`` and one handler method in the
/// API's file; the router, the fault plan, ``OneLinkServer/routes`` and the OpenAPI document all
/// read the entry.
protocol ServerAPI: Sendable {
    /// What every API reads: the configuration, the server's records and the other APIs' hooks.
    var context: ServerContext { get }
    /// The API's routes, in matching order: an entry with a discriminator comes before the entry it
    /// is told apart from.
    var routes: [RouteEntry] { get }
    /// The answer, in the API's own error shape, for a request under the API's paths that no entry
    /// matched (`allowed` holds the methods the path takes, empty when it is no route); `nil`
    /// (the default) leaves it to the router's `{"error_reason", "status_code"}` 404 or 405.
    func unmatched(_ request: ServerRequest, allowed: [HTTPMethod]) -> ServerResponse?
}

extension ServerAPI {
    func unmatched(_ request: ServerRequest, allowed: [HTTPMethod]) -> ServerResponse? { nil }

    /// The server's configuration.
    var configuration: OneLinkServer.Configuration { context.configuration }

    /// The first value of query parameter `name`, percent-decoded.
    func query(_ request: ServerRequest, _ name: String) -> String? {
        request.queryValue(name)
    }
}

extension ServerAPI {
    /// The installs the server answered.
    var installs: InstallMemory { context.records.installs }
    /// The launches and SDK events the server accepted.
    var launches: LaunchMemory { context.records.launches }
    /// The Test Console's registry.
    var testDeviceRegistry: TestDeviceRegistry { context.records.testDevices }
    /// The dashboard's state, when there is a dashboard.
    var dashboard: DashboardState? { context.dashboard }
    /// The OneLink API's links, when the API is on.
    var oneLinkAPIService: OneLinkAPIService? { context.oneLinkLinks }
}
