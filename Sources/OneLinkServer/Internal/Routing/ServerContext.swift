import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// What the APIs share: the configuration, the records several APIs read, and the hooks through
/// which one API's answer reaches another's state (a click renews a OneLink API link, an install is
/// pushed to the Push API).
struct ServerContext: Sendable {
    /// The server's configuration.
    let configuration: OneLinkServer.Configuration
    /// The base wrapped links are looked up under (`wrapperBase + request target`).
    let wrapperBase: String
    /// The fault plan in force.
    let faultPlan: @Sendable () -> FaultPlan
    /// Replaces the fault plan (the admin route and the reset).
    let setFaultPlan: @Sendable (FaultPlan) -> Void
    /// The installs and launches the server answered, which the GCD API, the Test Console and the
    /// Push API read back.
    let records: ServerRecords
    /// What the `GET /` dashboard shows, when the configuration asks for one.
    let dashboard: DashboardState?
    /// The OneLink API's links and their lifecycle, when the configuration has the API.
    let oneLinkLinks: OneLinkAPIService?
    /// The Push API's postbacks.
    let push: PushAPI

    /// The context for `configuration`, with state of its own.
    init(
        configuration: OneLinkServer.Configuration, wrapperBase: String,
        faultPlan: @escaping @Sendable () -> FaultPlan, setFaultPlan: @escaping @Sendable (FaultPlan) -> Void,
        pushSender: PushPostbackSender?
    ) {
        self.configuration = configuration
        self.wrapperBase = wrapperBase
        self.faultPlan = faultPlan
        self.setFaultPlan = setFaultPlan
        let records = ServerRecords(configuration: configuration)
        self.records = records
        dashboard = configuration.dashboard.map(DashboardState.init(settings:))
        oneLinkLinks = configuration.oneLinkAPI.map {
            OneLinkAPIService(settings: $0, clock: configuration.clock, journal: configuration.stateJournal)
        }
        push = PushAPI(configuration: configuration, records: records, sender: pushSender)
        restoreJournal()
    }
}

/// The installs, launches and test devices the server keeps for the APIs that read them back.
struct ServerRecords: Sendable {
    /// Each device's install answer (the GCD API, the Test Console, the Push API).
    let installs: InstallMemory
    /// The SDK's launches and in-app events (the Test Console's events).
    let launches: LaunchMemory
    /// Every in-app event accepted, SDK and S2S (the Pull API's raw-data and aggregate reports).
    let events: EventLedger
    /// The configuration's device memory, whose test devices skip the re-attribution window.
    private let deviceMemory: (any DeviceMemory)?
    /// The server's own test devices, when the configuration declares no device memory.
    private let ownTestDevices = TestDeviceRegistry()

    init(configuration: OneLinkServer.Configuration) {
        installs = InstallMemory(limit: configuration.maximumRememberedInstalls)
        launches = LaunchMemory(limit: configuration.maximumRememberedLaunches)
        events = EventLedger(limit: configuration.maximumRememberedLaunches)
        deviceMemory = configuration.deviceMemory
    }

    /// The Test Console's registry: the device memory's, else the server's own.
    var testDevices: TestDeviceRegistry { deviceMemory?.testDevices ?? ownTestDevices }
}

extension ServerContext {
    /// A context with every feature on (clicks, the dashboard, the OneLink API), for listing and
    /// documenting the routes.
    static var documented: ServerContext {
        let links = InMemoryShortLinkResolver()
        let handler = try? ClickHandler(
            configuration: .init(
                appStoreURL: "https://apps.apple.com/app/id1", oneLinkDomains: ["app.onelink.me"],
                templates: ["T1"], interstitialDomain: "open.example.net"),
            shortLinks: links, store: InMemoryClickStore())
        let configuration = OneLinkServer.Configuration(
            shortLinkResolver: links, clickHandler: handler, dashboard: ServerDashboard(shortLinks: [:]),
            oneLinkAPI: OneLinkAPISettings(links: links), shortLinkStore: links)
        return ServerContext(
            configuration: configuration, wrapperBase: "http://127.0.0.1", faultPlan: { .none },
            setFaultPlan: { _ in }, pushSender: nil)
    }
}
