import Dispatch
import Foundation
import OneLinkEmulator
import OneLinkServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `onelink-replay serve`: runs `OneLinkServer` on loopback until SIGINT, SIGTERM or SIGHUP.
enum ServeCommand {
    static let usage = """
        USAGE: onelink-replay serve [options]

        Serves the emulated AppsFlyer endpoints (short links, install_data, deferred deep
        links, wrapped links, OneLink clicks, in-app events and invite short-link
        creation) over HTTP on a loopback address, seeded
        from the Payloads folder. The first line on standard output is
        "listening on http://HOST:PORT"; then one line per request. SIGINT, SIGTERM or
        SIGHUP stops the server and the command exits 0. GET / is a dashboard page:
        recent requests, recorded clicks, installs and how each was matched, short
        links and faults; it reloads itself every 2 s (Docs/server.md).

        OPTIONS:
          --host ADDRESS               Loopback address to bind: 127.0.0.0/8, ::1 or
                                       localhost (default 127.0.0.1). Other addresses
                                       and host names are refused.
          --port N                     Port to bind; 0 picks a free one (default 0).
          --payloads DIR               The Payloads folder with shortlinks.json and
                                       samples/ (default Payloads).
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
          --dev-key KEY                A dev key the launch endpoint accepts (repeatable);
                                       with at least one, any other key is answered 400.
                                       Without it every key is accepted.
          --quiet                      Do not log requests.
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

        EXIT STATUS:
          0  stopped by SIGINT, SIGTERM or SIGHUP
          1  the server could not start (such as a port in use)
          2  usage error, an unreadable Payloads folder, or an invalid scenario
        """

    static func main(_ arguments: [String]) async -> Int32 {
        let options: ServeOptions
        let backends: ServeBackends
        do {
            options = try ServeOptions.parse(arguments)
            if options.help {
                FileHandleOutput.standardOutput.write(usage + "\n")
                return 0
            }
            backends = try ServeBackends.make(from: options.seed, options: options)
        } catch {
            return usageError(error.message)
        }
        let milliseconds = Int64(options.requestTimeoutSeconds * 1000)
        let server: OneLinkServer
        do {
            server = try OneLinkServer(
                configuration: .init(
                    host: options.host, port: options.port, shortLinkResolver: backends.shortLinkResolver,
                    conversionDataSource: backends.conversionDataSource,
                    deferredDeepLinkSource: backends.deferredDeepLinkSource,
                    clickHandler: backends.clickHandler,
                    limits: ServerLimits(
                        requestTimeout: .milliseconds(milliseconds),
                        maximumConnections: options.maximumConnections),
                    logSink: options.quiet
                        ? DiscardingRequestLogSink() as any RequestLogSink : StandardOutputRequestLogSink(),
                    eventRecorder: InMemoryEventRecorder(),
                    shortLinkCreator: (backends.shortLinkResolver as? InMemoryShortLinkResolver).map {
                        InMemoryShortLinkCreator(resolver: $0)
                    },
                    launchRecorder: InMemoryLaunchRecorder(validDevKeys: options.validDevKeys),
                    dashboard: ServerDashboard(shortLinks: backends.shortLinks)))
        } catch {
            return usageError(error.description)
        }

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

        do {
            try await server.start()
        } catch {
            FileHandleOutput.standardError.write("onelink-replay serve: \(error.description)\n")
            return 1
        }
        FileHandleOutput.standardOutput.write("listening on \(server.baseURL.absoluteString)\n")
        FileHandleOutput.standardError.write(backends.summary + "\n")
        var iterator = signals.makeAsyncIterator()
        let received = await iterator.next()
        await server.stop()
        let name =
            switch received {
            case SIGTERM: "SIGTERM"
            case SIGHUP: "SIGHUP"
            default: "SIGINT"
            }
        FileHandleOutput.standardError.write("stopped by \(name)\n")
        return 0
    }

    static func usageError(_ message: String) -> Int32 {
        FileHandleOutput.standardError.write("onelink-replay serve: \(message)\n\n\(usage)\n")
        return 2
    }
}
