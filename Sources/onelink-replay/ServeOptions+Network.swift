import Foundation
import OneLinkServer
import OneLinkSupport

extension ServeOptions {
    /// The `serve` option that gives each credential a network needs.
    static func option(for credential: ServerCredential) -> String {
        switch credential {
        case .devKeys: "--dev-key KEY"
        case .s2sKeys: "--s2s-key KEY"
        case .apiTokens: "--onelink-api-token TOKEN"
        }
    }

    /// The routes each credential's option guards under `serve`, where `--dev-key` also guards the
    /// launch route.
    static func routes(of credential: ServerCredential) -> String {
        switch credential {
        case .devKeys: "launches, conversion data and the deep-linking REST API"
        case .s2sKeys: "S2S events"
        case .apiTokens: "the OneLink API and the Test Console API"
        }
    }

    /// `--allow-remote` and `--push-allow-host HOST`, checked against each other: a push host needs
    /// `--allow-remote`.
    static func networkAccess(_ arguments: ParsedArguments) throws(UsageError) -> (Bool, Set<String>) {
        let allowsRemote = arguments.flag("--allow-remote")
        let hosts = arguments.values("--push-allow-host")
        if hosts.contains(where: \.isEmpty) { throw UsageError("--push-allow-host needs a non-empty host") }
        if !hosts.isEmpty, !allowsRemote {
            throw UsageError(
                "--push-allow-host needs --allow-remote: Push API messages leave this machine only for a "
                    + "server that is on a network on purpose")
        }
        return (allowsRemote, Set(hosts.map { $0.lowercased() }))
    }

    /// The `serve` wording of a server error about the network rules; `nil` for any other error.
    static func networkRefusal(_ error: ServerError) -> String? {
        switch error {
        case .nonLoopbackHost(let host):
            return "--host \(host) is not a loopback address: serve binds only 127.0.0.0/8, ::1 or "
                + "localhost unless --allow-remote is given, because every route, the admin routes included, "
                + "would be reachable from the network (--allow-remote also needs "
                + ServerCredential.allCases.map { option(for: $0) }.joined(separator: ", ") + ")"
        case .missingCredentials(let host, let missing):
            return "--allow-remote with --host \(host) needs a key for every API that checks one, or that "
                + "API accepts any key from the network; missing: "
                + missing.map { "\(option(for: $0)) (\(routes(of: $0)))" }.joined(separator: ", ")
        case .pushHostsNeedNetworkAccess:
            return "--push-allow-host needs --allow-remote"
        case .pushHostNotAllowed(let host):
            return "--push-url: host \"\(QuotedInput.prefix(host))\" is not loopback; name it with "
                + "--push-allow-host (with --allow-remote)"
        case .invalidHost, .socketFailed, .alreadyStarted:
            return nil
        }
    }

    /// The warning `serve` prints on standard error once a server reachable from the network
    /// listens; `nil` for one on loopback.
    static func networkWarning(_ configuration: OneLinkServer.Configuration) -> String? {
        guard configuration.isReachableFromNetwork else { return nil }
        let pushHosts =
            configuration.pushAllowedHosts.isEmpty
            ? ""
            : "; Push API messages may go to "
                + configuration.pushAllowedHosts.sorted().joined(separator: ", ")
        return "warning: --allow-remote: listening on \(configuration.host), reachable from the network. "
            + "The APIs take only the keys given, but the admin routes (/onelink-emulator/…: faults, reset, "
            + "short-link loading), the dashboard (/) and OneLink clicks take none; serve only on a network "
            + "you trust\(pushHosts)"
    }
}
