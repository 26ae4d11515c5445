import Dispatch
import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkReplay
import OneLinkServer
import OneLinkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `onelink-replay serve`: runs `OneLinkServer` on loopback (or, with `--allow-remote`, on a network)
/// until SIGINT, SIGTERM or SIGHUP.
enum ServeCommand: Command {
    static let name = "onelink-replay serve"

    static let arguments = ServeOptions.reader

    static let usage = """
        USAGE: onelink-replay serve [options]

        Serves the emulated AppsFlyer endpoints (short links, install_data, deferred deep
        links, wrapped links, OneLink clicks, in-app events and invite short-link
        creation) and the public APIs for backends (OneLink API v2.0 and v1, S2S
        events) over HTTP on a loopback address (--allow-remote: a network), seeded
        from the Payloads folder. The first line on standard output is
        "listening on http://HOST:PORT"; then one line per request. SIGINT, SIGTERM or
        SIGHUP stops the server and the command exits 0 (started by the command plugin,
        it also stops when the plugin ends). GET / is a dashboard page:
        recent requests, recorded clicks, installs and how each was matched, short
        links and faults; it reloads itself every 2 s (Docs/server.md).

        OPTIONS:
          --host ADDRESS               Loopback address to bind: 127.0.0.0/8, ::1 or
                                       localhost (default 127.0.0.1). Other numeric
                                       addresses need --allow-remote; host names are
                                       refused.
          --allow-remote               Allow a non-loopback --host (such as 0.0.0.0 in
                                       a container). Refused unless --dev-key, --s2s-key
                                       and --onelink-api-token are all given, so no API
                                       takes any key; prints a warning on standard
                                       error. The admin routes take no key.
          --push-allow-host HOST       A host besides loopback that --push-url may name
                                       (repeatable; needs --allow-remote).
          --port N                     Port to bind; 0 picks a free one (default 0).
          --payloads DIR               The Payloads folder with shortlinks.json and
                                       samples/ (default Payloads; where it has no
                                       shortlinks.json, the command plugin's bundled
                                       one, named on standard error).
          --scenario FILE              Seed from a scenario file's "backend" section
                                       instead: its short links, redirects, install
                                       attribution and deferred clicks, or its server
                                       (clicks recorded and matched) when it has one.
          --app-store-url URL          Where iOS clicks without af_ios_url go
                                       (default https://apps.apple.com/app/id1234567890).
          --interstitial-domain HOST   Domain of the in-app-browser interstitial page
                                       (default open.onelink-emulator.test).
          --sample-device ID           Device ID whose install_data answer is the
                                       deferred-deep-link sample (default sample-device).
          --request-timeout SECONDS    Time a client has to send a complete request
                                       before it gets 408 (more than 0, at most 3600;
                                       default 10).
          --max-connections N          Connections served at once (default 1024). More
                                       clients wait in the listen backlog; at the limit,
                                       a connection idle or slow for 1 s is closed to
                                       make room for them.
          --dev-key KEY                A dev key the launch endpoint and both
                                       conversion-data paths accept (repeatable); with at
                                       least one, any other key is answered 400 (launch)
                                       or 403 (GCD v4.0 and the SDK's v5.0 call).
                                       Without it every key is accepted.
          --onelink-api-token TOKEN    A token the OneLink API (v2.0 and v1) and the
                                       Test Console API (Bearer) accept (repeatable).
                                       Without it any non-empty token is accepted.
          --brand-domain HOST          A branded domain the OneLink API accepts as
                                       brand_domain (repeatable); others are 403
                                       (400 on the QR call). Without it every
                                       brand_domain is refused, as for an account
                                       without Branded Links.
          --onelink-quota N            OneLink API create/update/delete calls a month
                                       before 429, for v2.0 and v1 each (default
                                       7500000).
          --onelink-rate-limit N       OneLink API v2.0 requests a second before 429
                                       (default 1000; v1 gets half, as documented).
          --onelink-qr-rate-limit N    OneLink API v2.0 QR code requests a second
                                       before 429 (default 25).
          --s2s-key KEY                An S2S key the server-to-server event API
                                       (POST /inappevent/{app_id}) accepts in its
                                       authentication header (repeatable). Without it
                                       any non-empty key is accepted.
          --plan NAME                  The account's AppsFlyer plan: zero, growth
                                       (default) or enterprise. Under zero every
                                       authenticated S2S event is answered 403
                                       Forbidden.
          --fault ROUTE=FAULT[,FAULT]  Inject faults on a route from the start
                                       (repeatable), such as install_data=status:503 or
                                       shortlink=delay:2s. Faults: delay:DURATION,
                                       status:CODE, body:TEXT, garbage-body,
                                       truncated-body, oversized-body:BYTES,
                                       close-after-head, reset-mid-body, close,
                                       redirect-chain:HOPS, redirect-loop. At run time,
                                       PUT, GET or DELETE /onelink-emulator/faults
                                       (one rule a line) replaces, shows or lifts them.
                                       DELETE /onelink-emulator/devices/ID forgets a
                                       device; POST /onelink-emulator/reset forgets
                                       every click, install, device and test device;
                                       GET /onelink-emulator/health is a health check.
          --push-url [get:|post:]URL   Push API postbacks to a loopback URL, or one on a
                                       --push-allow-host host (repeatable).
          --push-method GET|POST       --push-token TOKEN  --push-token-name NAME
          --push-in-app-events NAMES   In-app events whose messages are sent (a,b; all).
          --push-event-types TYPES     Message types sent (install,re-engagement,…; all).
          --push-fields FIELDS         Message fields sent (media_source,campaign,…; all).
          --shortlinks FILE            Load a shortlinks.json-format file (repeatable).
          --state DIR                  Keep links, test devices and events across
                                       restarts in DIR/journal (Docs/server.md).
          --state-sync                 Also fsync each --state record.
          --quiet                      Do not log requests.
          --openapi                    Print the routes' OpenAPI 3 document (JSON; the
                                       server serves it at /openapi.json) and exit.
          -h, --help                   Show this help.

        MEMORY BOUNDS (what the server keeps as traffic arrives):
          --request-history N          Requests each backend keeps in its request log
                                       (default 1000; 0 keeps none).
          --max-clicks N               Clicks the click store holds (default 100000).
                                       Clicks older than 30 days (the longest lookback)
                                       before the newest are dropped in any case.
          --click-overflow MODE        What a click at --max-clicks does: refuse (default;
                                       the click is answered 503 and nothing inside a
                                       lookback window is forgotten) or drop-oldest.
          --max-devices N              Devices whose first install_data answer is kept,
                                       so repeated requests get the same answer
                                       (default 100000; beyond it the oldest is
                                       forgotten and matched afresh).
          --max-links N                Links the OneLink API keeps at once (default
                                       100000). A create at the bound drops expired
                                       links; if none has expired it is refused
                                       (400 internal_error "Failed to create
                                       shortlink."); no live link is dropped.

        EXIT STATUS:
          0  stopped by SIGINT, SIGTERM or SIGHUP
          1  the server could not start (such as a port in use)
          2  usage error, an unreadable Payloads folder, an invalid scenario, or an
             unusable --state folder
        """

    /// Serves until SIGINT, SIGTERM or SIGHUP.
    ///
    /// - Returns: 0 when stopped, 1 when the server could not start, 2 for unusable options or seeds.
    static func run(_ arguments: ParsedArguments, output: CommandOutput) async throws(UsageError) -> Int32 {
        var options = try ServeOptions(arguments)
        if options.printsOpenAPI {
            output.write(OneLinkServer.openAPIDocument)
            return 0
        }
        if !options.seedGiven {
            let chosen = ServeOptions.defaultSeed(
                bundled: ProcessInfo.processInfo.environment[ServeOptions.bundledPayloadsVariable])
            options.seed = chosen.seed
            if let note = chosen.note { output.writeError("\(name): \(note)\n") }
        }
        let backends = try ServeBackends.make(from: options.seed, options: options)
        let state = try options.openState(output: output)
        let server = try makeServer(options, backends: backends, state: state)
        if let state { _ = await state.restoreEvents(into: server.configuration.eventRecorder) }
        // Signals are caught before the server listens, so one sent right after the first line stops it cleanly.
        // A closed standard output (such as `serve | head -1`) must not kill the server.
        signal(SIGPIPE, SIG_IGN)
        let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        defer { sources.forEach { $0.cancel() } }
        return await serve(server, summary: backends.summary, output: output) { _ in
            var iterator = signals.makeAsyncIterator()
            switch await iterator.next() {
            case SIGTERM:
                return PluginLifeline.hasEnded ? "the end of the command plugin that started it" : "SIGTERM"
            case SIGHUP: return "SIGHUP"
            default: return "SIGINT"
            }
        }
    }

    /// The server the options and backends describe, not yet listening.
    ///
    /// - Throws: A ``UsageError`` for options the server refuses, such as a host that is not loopback.
    static func makeServer(
        _ options: ServeOptions, backends: ServeBackends, state: ServerStateJournal? = nil
    ) throws(UsageError) -> OneLinkServer {
        try options.loadShortLinkFiles(into: backends)
        let milliseconds = Int64(options.requestTimeoutSeconds * 1000)
        do {
            var configuration = OneLinkServer.Configuration(
                host: options.host, port: options.port, shortLinkResolver: backends.shortLinkResolver,
                conversionDataSource: backends.conversionDataSource,
                deferredDeepLinkSource: backends.deferredDeepLinkSource,
                clickHandler: backends.clickHandler, faultPlan: options.faultPlan,
                limits: ServerLimits(
                    requestTimeout: .milliseconds(milliseconds),
                    maximumConnections: options.maximumConnections),
                logSink: options.quiet
                    ? DiscardingRequestLogSink() as any RequestLogSink : StandardOutputRequestLogSink(),
                eventRecorder: InMemoryEventRecorder(),
                shortLinkCreator: InMemoryShortLinkCreator(resolver: backends.shortLinkResolver),
                launchRecorder: InMemoryLaunchRecorder(validDevKeys: options.validDevKeys),
                dashboard: ServerDashboard(shortLinks: backends.shortLinks),
                oneLinkAPI: oneLinkAPI(options, backends: backends), s2sKeys: options.s2sKeys,
                devKeys: options.validDevKeys ?? [],
                maximumRememberedInstalls: options.bounds.maximumRememberedDevices,
                shortLinkStore: backends.shortLinkResolver, deviceMemory: backends.deviceMemory)
            configuration.pushAPI = options.pushAPI
            configuration.allowsNonLoopbackHost = options.allowsRemote
            configuration.pushAllowedHosts = options.pushAllowedHosts
            configuration.accountPlan = options.plan
            configuration.installMatcher = backends.installMatcher
            configuration.stateJournal = state
            return try OneLinkServer(configuration: configuration)
        } catch {
            throw UsageError(ServeOptions.networkRefusal(error) ?? error.description)
        }
    }

    /// The OneLink API over the seeded short-link table, so its links resolve and take clicks.
    static func oneLinkAPI(_ options: ServeOptions, backends: ServeBackends) -> OneLinkAPISettings {
        let links = backends.shortLinkResolver
        let domain = backends.clickHandler?.configuration.oneLinkDomains.sorted().first ?? "app.onelink.me"
        return OneLinkAPISettings(
            links: links, tokens: options.oneLinkAPITokens, linkDomain: domain,
            brandDomains: options.brandDomains,
            monthlyQuota: options.oneLinkQuota, requestsPerSecond: options.oneLinkRateLimit,
            v1RequestsPerSecond: max(1, options.oneLinkRateLimit / 2),
            qrRequestsPerSecond: options.oneLinkQRRateLimit, maximumLinks: options.maximumLinks)
    }

    /// Starts `server`, prints where it listens, and stops it when `stop` returns.
    ///
    /// - Parameters:
    ///   - summary: What the server was seeded with, printed on standard error once it listens.
    ///   - stop: Called with the server's base URL once it listens; its answer names what stopped
    ///     the server ("SIGINT" and so on).
    /// - Returns: 0 when stopped, 1 when the server could not start.
    static func serve(
        _ server: OneLinkServer, summary: String, output: CommandOutput, until stop: (URL) async -> String
    ) async -> Int32 {
        do {
            try await server.start()
        } catch {
            output.writeError("\(name): \(error.description)\n")
            return 1
        }
        output.write("listening on \(server.baseURL.absoluteString)\n")
        output.writeError(summary + "\n")
        if let warning = ServeOptions.networkWarning(server.configuration) {
            output.writeError("\(name): \(warning)\n")
        }
        for feature in server.configuration.unavailableFeatures {
            output.writeError("\(name): \(feature)\n")
        }
        let stoppedBy = await stop(server.baseURL)
        await server.stop()
        output.writeError("stopped by \(stoppedBy)\n")
        return 0
    }
}
