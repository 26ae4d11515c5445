import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkReplay
import OneLinkServer
import OneLinkSupport

/// The parsed options of `onelink-replay serve`.
struct ServeOptions {
    /// Where the server's data comes from.
    ///
    /// This is the seam for `--scenario FILE`: add a case here, read the option in
    /// ``init(_:)``, and build its backends in ``ServeBackends/make(from:options:)``.
    enum Seed: Equatable {
        /// The sample payloads and `shortlinks.json` in a `Payloads` folder.
        case payloads(folder: String)
        /// The backend state (short links, redirects, install attribution or server and click store) of one scenario file.
        case scenario(file: String)
    }

    var host = "127.0.0.1"
    var port: UInt16 = 0
    var seed = Seed.payloads(folder: ServeOptions.defaultPayloads)
    /// Whether `--payloads` or `--scenario` chose ``seed``; without either, ``defaultSeed(bundled:fileExists:)`` picks it.
    var seedGiven = false
    var appStoreURL = "https://apps.apple.com/app/id1234567890"
    var interstitialDomain = "open.onelink-emulator.test"
    var sampleDevice = "sample-device"
    var requestTimeoutSeconds = 10.0
    var maximumConnections = ServerLimits().maximumConnections
    var bounds = ScenarioBackends.Bounds()
    var validDevKeys: Set<String>?
    var quiet = false
    /// `--openapi`: print the OpenAPI document of the routes and exit, without serving.
    var printsOpenAPI = false
    /// The OneLink API's tokens, branded domains and limits (`--onelink-api-token`, `--brand-domain`,
    /// `--onelink-quota`, `--onelink-rate-limit`, `--onelink-qr-rate-limit`).
    var oneLinkAPITokens: Set<String> = []
    var brandDomains: Set<String> = []
    var oneLinkQuota = 7_500_000
    var oneLinkRateLimit = 1000
    var oneLinkQRRateLimit = 25
    /// The most links the OneLink API keeps at once (`--max-links`).
    var maximumLinks = OneLinkAPISettings.defaultMaximumLinks
    /// The S2S keys the server-to-server event API accepts (`--s2s-key`).
    var s2sKeys: Set<String> = []
    /// The account's plan (`--plan`); `zero` answers the S2S event API 403.
    var plan = AppsFlyerPlan.growth
    /// The faults `--fault ROUTE=FAULT` injects from the start.
    var faultPlan = FaultPlan.none
    /// Push API postbacks (`--push-url`, `--push-method`, `--push-token`, `--push-token-name`,
    /// `--push-in-app-events`).
    var pushAPI: PushAPISettings?
    /// `--allow-remote`: a non-loopback `--host` may be bound (with every key given).
    var allowsRemote = false
    /// `--push-allow-host HOST`: hosts besides loopback that `--push-url` may name.
    var pushAllowedHosts: Set<String> = []
    /// Short-link tables (`--shortlinks FILE`) added to the seeded ones.
    var shortLinkFiles: [String] = []
    /// The folder whose journal keeps the server's state across restarts (`--state DIR`).
    var stateDirectory: String?
    /// Whether each journal record is `fsync`'d (`--state-sync`).
    var syncsState = false

    static let defaultPayloads = "Payloads"

    /// The variable the command plugin sets to OneLinkEmulator's own `Payloads` folder, for a
    /// package that has none (a consumer of this package).
    static let bundledPayloadsVariable = "ONELINK_REPLAY_BUNDLED_PAYLOADS"

    /// The seed `serve` takes without `--payloads` or `--scenario`, and the line that says which.
    ///
    /// The `Payloads` folder of the package it runs in, when it has a `shortlinks.json`; otherwise
    /// the bundled folder the plugin named (`bundled`), when that has one; otherwise `Payloads`,
    /// whose missing `shortlinks.json` the backends then report. `nil` for the line in that case.
    static func defaultSeed(
        bundled: String?, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> (seed: Seed, note: String?) {
        let own = (defaultPayloads as NSString).appendingPathComponent(PayloadsCommand.shortLinksFile)
        if fileExists(own) {
            return (.payloads(folder: defaultPayloads), "seeding from this package's Payloads folder")
        }
        if let bundled, !bundled.isEmpty,
            fileExists((bundled as NSString).appendingPathComponent(PayloadsCommand.shortLinksFile))
        {
            return (
                .payloads(folder: bundled),
                "no \(own) in this package; seeding from OneLinkEmulator's bundled payloads at \(bundled)"
            )
        }
        return (.payloads(folder: defaultPayloads), nil)
    }

    /// The options `serve` accepts.
    static let reader = ArgumentReader(
        flags: ["--quiet", "--openapi", "--allow-remote", "--state-sync"],
        options: [
            "--host", "--port", "--payloads", "--scenario", "--app-store-url", "--interstitial-domain",
            "--sample-device", "--request-timeout", "--max-connections", "--request-history", "--max-clicks",
            "--click-overflow", "--max-devices", "--max-links", "--dev-key", "--onelink-api-token",
            "--brand-domain",
            "--onelink-quota", "--onelink-rate-limit", "--onelink-qr-rate-limit", "--s2s-key", "--plan",
            "--fault", "--push-url", "--push-method", "--push-token", "--push-token-name",
            "--push-in-app-events", "--push-event-types", "--push-fields", "--shortlinks",
            "--push-allow-host", "--state",
        ],
        maximumPositionals: 0)

    /// The options read from a command line.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        func count(_ option: String, minimum: Int) throws(UsageError) -> Int? {
            try arguments.value(option, expected: "a whole number from \(minimum) to 100000000") { text in
                Int(text).flatMap { (minimum...100_000_000).contains($0) ? $0 : nil }
            }
        }
        if let host = arguments.value("--host") {
            // A name is not resolved; `localhost` is the one name every loopback setup shares.
            self.host = host.lowercased() == "localhost" ? "127.0.0.1" : host
        }
        port = try arguments.value("--port", expected: "a number from 0 to 65535", UInt16.init) ?? port
        switch (arguments.value("--payloads"), arguments.value("--scenario")) {
        case (.some, .some): throw UsageError("--payloads and --scenario are two seeds; give one")
        case (let folder?, nil): seed = .payloads(folder: folder)
        case (nil, let file?): seed = .scenario(file: file)
        case (nil, nil): break
        }
        seedGiven = arguments.value("--payloads") != nil || arguments.value("--scenario") != nil
        appStoreURL = arguments.value("--app-store-url") ?? appStoreURL
        interstitialDomain = arguments.value("--interstitial-domain") ?? interstitialDomain
        sampleDevice = arguments.value("--sample-device") ?? sampleDevice
        if let text = arguments.value("--request-timeout") {
            guard let seconds = Double(text), seconds.isFinite else {
                throw UsageError(
                    "--request-timeout must be a number of seconds, got \(QuotedInput.prefix(text))")
            }
            guard seconds > 0 else {
                throw UsageError(
                    "--request-timeout must be more than 0 seconds, got \(QuotedInput.prefix(text))")
            }
            guard seconds <= 3600 else {
                throw UsageError(
                    "--request-timeout must be at most 3600 seconds, got \(QuotedInput.prefix(text))")
            }
            requestTimeoutSeconds = seconds
        }
        maximumConnections = try count("--max-connections", minimum: 1) ?? maximumConnections
        bounds.requestHistoryLimit = try count("--request-history", minimum: 0) ?? bounds.requestHistoryLimit
        bounds.clickCapacity = try count("--max-clicks", minimum: 1) ?? bounds.clickCapacity
        bounds.clickOverflow =
            try arguments.value(
                "--click-overflow", expected: "refuse or drop-oldest", InMemoryClickStore.Overflow.init)
            ?? bounds.clickOverflow
        bounds.maximumRememberedDevices =
            try count("--max-devices", minimum: 1) ?? bounds.maximumRememberedDevices
        maximumLinks = try count("--max-links", minimum: 1) ?? maximumLinks
        let keys = arguments.values("--dev-key")
        if keys.contains(where: \.isEmpty) { throw UsageError("--dev-key needs a non-empty key") }
        if !keys.isEmpty { validDevKeys = Set(keys) }
        quiet = arguments.flag("--quiet")
        printsOpenAPI = arguments.flag("--openapi")
        let tokens = arguments.values("--onelink-api-token")
        if tokens.contains(where: \.isEmpty) {
            throw UsageError("--onelink-api-token needs a non-empty token")
        }
        oneLinkAPITokens = Set(tokens)
        brandDomains = Set(arguments.values("--brand-domain").map { $0.lowercased() })
        oneLinkQuota = try count("--onelink-quota", minimum: 0) ?? oneLinkQuota
        oneLinkRateLimit = try count("--onelink-rate-limit", minimum: 1) ?? oneLinkRateLimit
        oneLinkQRRateLimit = try count("--onelink-qr-rate-limit", minimum: 1) ?? oneLinkQRRateLimit
        let s2sKeys = arguments.values("--s2s-key")
        if s2sKeys.contains(where: \.isEmpty) { throw UsageError("--s2s-key needs a non-empty key") }
        self.s2sKeys = Set(s2sKeys)
        let plans = AppsFlyerPlan.documented.map(\.rawValue).joined(separator: ", ")
        plan =
            try arguments.value("--plan", expected: "one of \(plans)") { text in
                AppsFlyerPlan.documented.first { $0 == AppsFlyerPlan(rawValue: text) }
            } ?? plan
        for rule in arguments.values("--fault") {
            do {
                try faultPlan.add(rule: rule)
            } catch {
                throw UsageError("--fault: \(QuotedInput.message(error.description))")
            }
        }
        (allowsRemote, pushAllowedHosts) = try Self.networkAccess(arguments)
        pushAPI = try Self.pushAPI(arguments, allowedHosts: pushAllowedHosts)
        shortLinkFiles = arguments.values("--shortlinks")
        stateDirectory = arguments.value("--state")
        if stateDirectory?.isEmpty == true { throw UsageError("--state needs a folder") }
        syncsState = arguments.flag("--state-sync")
        if syncsState, stateDirectory == nil { throw UsageError("--state-sync needs --state DIR") }
    }

    /// The options' defaults.
    init() {}
}
