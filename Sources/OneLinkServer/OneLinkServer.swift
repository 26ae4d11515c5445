public import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// A local HTTP/1.1 server that speaks the AppsFlyer wire format of `Docs/http.md` on loopback.
///
/// It serves short-link resolution, conversion data and deferred deep links
/// from the backends in its ``Configuration``, answers wrapped-link `GET`s
/// from the resolver's redirects, and handles OneLink clicks through an
/// optional `ClickHandler`. It is built on POSIX sockets only: one I/O thread
/// runs a `poll(2)` loop and hands complete requests to Swift concurrency.
///
/// ```swift
/// let server = try OneLinkServer(configuration: .init(shortLinkResolver: resolver))
/// try await server.start()
/// let resolver = try HTTPShortLinkResolver(baseURL: server.baseURL)
/// …
/// await server.stop()
/// ```
///
/// See `Docs/server.md` for the routes, limits, faults and log format.
public final class OneLinkServer: Sendable {
    private struct State {
        var loop: IOLoop?
        var port: UInt16 = 0
        var started = false
        var stopRequested = false
        var faultPlan: FaultPlan
    }

    /// The configuration the server was created with (its ``Configuration/faultPlan`` is the
    /// initial plan; see ``faultPlan`` for the current one).
    public let configuration: Configuration
    private let address: Socket.Address
    private let state: Locked<State>
    /// Sends the Push API postbacks, when the configuration has receivers.
    let pushSender: PushPostbackSender?

    /// Creates a server; nothing is bound until ``start()``.
    ///
    /// - Throws: ``ServerError/invalidHost(_:)``, ``ServerError/nonLoopbackHost(_:)``,
    ///   ``ServerError/missingCredentials(host:missing:)``, ``ServerError/pushHostsNeedNetworkAccess(_:)``
    ///   or ``ServerError/pushHostNotAllowed(_:)``.
    public init(configuration: Configuration) throws(ServerError) {
        guard let address = Socket.parse(host: configuration.host) else {
            throw .invalidHost(configuration.host)
        }
        try configuration.checkNetworkAccess(address)
        self.configuration = configuration
        self.address = address
        state = Locked(State(faultPlan: configuration.faultPlan))
        pushSender = configuration.pushAPI.map {
            PushPostbackSender(settings: $0, clock: configuration.clock)
        }
    }

    deinit {
        // A server dropped without stop() still closes its socket and ends its thread.
        state.withLock { $0.loop }?.requestStop()
    }

    /// The bound port; 0 before ``start()``.
    public var port: UInt16 { state.withLock { $0.port } }

    /// `http://HOST:PORT`, such as `http://127.0.0.1:54321` (IPv6 hosts in brackets).
    public var baseURL: URL {
        // The host is an IP literal (checked by init) and the port a number, so the URL always parses;
        // the fallback is never taken.
        URL(string: baseURLText) ?? URL(fileURLWithPath: "/")
    }

    private var baseURLText: String {
        let host = if case .ipv6 = address { "[\(configuration.host)]" } else { configuration.host }
        return "http://\(host):\(port)"
    }

    /// The faults in force; setting it affects the next request.
    public var faultPlan: FaultPlan {
        get { state.withLock { $0.faultPlan } }
        set { state.withLock { $0.faultPlan = newValue } }
    }

    /// The number of connections open right now.
    public var openConnectionCount: Int {
        state.withLock { $0.loop }?.openConnectionCount ?? 0
    }

    /// Binds the address and starts serving.
    ///
    /// - Throws: ``ServerError/socketFailed(call:reason:)`` when binding fails (such as a port in
    ///   use), ``ServerError/alreadyStarted`` on a second call.
    public func start() async throws(ServerError) {
        let wasStarted = state.withLock { state in
            defer { state.started = true }
            return state.started
        }
        guard !wasStarted else { throw .alreadyStarted }
        let (listener, port) = try Socket.listen(
            on: address, port: configuration.port,
            backlog: Int32(clamping: configuration.limits.listenBacklog))
        state.withLock { $0.port = port }
        let context = ServerContext(
            configuration: configuration,
            wrapperBase: configuration.wrapperBase?.absoluteString ?? baseURLText,
            faultPlan: { [weak self] in self?.faultPlan ?? .none },
            setFaultPlan: { [weak self] in self?.faultPlan = $0 }, pushSender: pushSender)
        let router = Router(context: context)
        let dashboard = context.dashboard
        let logSink: any RequestLogSink =
            dashboard.map { DashboardLogSink(state: $0, next: configuration.logSink) }
            ?? configuration.logSink
        let loop: IOLoop
        do throws(ServerError) {
            loop = try IOLoop(
                listener: listener, limits: configuration.limits, logSink: logSink
            ) { request, clientIP in
                await router.respond(to: request, clientIP: clientIP)
            }
        } catch {
            Socket.closeDescriptor(listener)
            throw error
        }
        let stopRequested = state.withLock { state in
            state.loop = loop
            return state.stopRequested
        }
        loop.start()
        if stopRequested { await loop.stop() }
    }

    /// Stops accepting, closes every connection, cancels pending answers, and returns once done.
    ///
    /// Safe to call more than once, and before ``start()``.
    public func stop() async {
        let loop = state.withLock { state in
            state.started = true
            state.stopRequested = true
            return state.loop
        }
        await loop?.stop()
        pushSender?.stop()
    }
}
