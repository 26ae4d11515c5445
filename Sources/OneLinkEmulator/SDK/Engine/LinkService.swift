import Foundation
import OneLinkSupport

/// Where a link came from, as the debug log names it.
enum LinkEntry: String, Sendable {
    case openURL = "handleOpen"
    case universalLink = "universal link"
    case push = "push notification"
    case performOnAppAttribution = "performOnAppAttribution"
}

/// What the link service needs next: a request sent, or nothing more.
enum LinkStep: Sendable {
    /// A request must go out: the engine asks the delegate for its headers, then calls ``LinkService/send(_:headers:deadline:)``.
    case request(PendingLink)
    /// The link's callback; `nil` when a push payload has none.
    case finished(AppsFlyerEvent?)
}

/// The settings links read, taken from the SDK's configuration under its lock when a link is handed over.
///
/// A copy of the whole configuration (thirty-odd fields, a retain each) cost every link more than
/// reading it; ``AppsFlyerLib/Configuration/linkSettings`` takes these few.
struct LinkSettings: Sendable {
    let customDomains: [String]
    let valueTyping: LinkParser.ValueTyping
    let appendedDeepLinkParameters: [AppendedDeepLinkParameters]
    let pushPaths: [[String]]
    /// What the link's requests read, which it carries until it resolves.
    let requests: PendingLink.Settings
}

extension AppsFlyerLib.Configuration {
    /// The settings links read.
    var linkSettings: LinkSettings {
        LinkSettings(
            customDomains: customDomains ?? [], valueTyping: valueTyping,
            appendedDeepLinkParameters: appendedDeepLinkParameters, pushPaths: pushPaths,
            requests: PendingLink.Settings(
                resolveDeepLinkURLs: resolveDeepLinkURLs, deepLinkTimeout: deepLinkTimeout,
                customHost: customHost))
    }
}

/// A link part way through resolution: what is known of it, and the request it waits for.
struct PendingLink: Sendable {
    /// The request the link waits for.
    enum Stage: Sendable {
        /// One hop of a wrapped link: where the current link redirects.
        case unwrap(visited: Set<String>, hops: Int)
        /// The short link's stored parameters.
        case shortLink(template: String, shortID: String)
    }

    /// The text the app handed over.
    let text: String
    let entry: LinkEntry
    let udl: Bool
    /// The settings its requests read, taken from the SDK's configuration when the link was handed over.
    let settings: Settings
    let parser: LinkParser
    /// The link as parsed so far: after each hop of a wrapped link, the link it led to.
    var parsed: ParsedLink
    /// The wrapped link the app handed over, when it was unwrapped.
    var originalLink: String?
    var stage: Stage

    /// The link the next request is about: the delegate's headers are asked for it.
    var requestLink: String { parsed.link }

    /// Whether `link` is on a domain of `resolveDeepLinkURLs`, so it is unwrapped before it is read.
    func isWrapped(_ link: ParsedLink) -> Bool {
        guard link.kind == .webLink else { return false }
        return (settings.resolveDeepLinkURLs ?? []).contains {
            let domain = $0.lowercased()
            return link.host == domain || link.host.hasSuffix("." + domain)
        }
    }

    /// The three settings a link's requests read: a link carries these, not the whole configuration,
    /// which every step of its resolution would copy.
    struct Settings: Sendable {
        let resolveDeepLinkURLs: [String]?
        let deepLinkTimeout: UInt
        /// The configuration's ``AppsFlyerLib/Configuration/customHost``.
        let customHost: String?
    }
}

/// Deep links: parses, unwraps and resolves the links the app hands over, and turns them into callbacks.
///
/// In UDL mode a link becomes one `didResolveDeepLink`; in legacy mode an
/// `onAppOpenAttribution` (merged with the install's attribution) or its
/// failure. The service works in steps: ``begin(_:entry:udl:settings:)``
/// reads the link, and each request the link needs is one
/// ``send(_:headers:deadline:)`` with the headers the engine got from the
/// delegate. It returns the callbacks; the engine delivers them. A struct over one ``Locked``:
/// copies share the open count.
struct LinkService: Sendable {
    private let resolver: any ShortLinkResolver
    private let deviceStore: any DeviceStore
    private let deadlines: Deadlines
    /// The engine's flags, where the open count lives: a lock of the service's own cost every SDK one more.
    private let counts: Locked<EngineFlags>

    /// The SDK's debug logger, `deadlines`' (read there: a copy of its own cost every SDK three references).

    /// Creates the service over the SDK's resolver; `deviceStore` holds the install attribution merged into legacy callbacks.
    ///
    /// It logs through `deadlines`' logger.
    init(
        resolver: any ShortLinkResolver, deviceStore: any DeviceStore, deadlines: Deadlines,
        counts: Locked<EngineFlags> = Locked(EngineFlags())
    ) {
        self.resolver = resolver
        self.deviceStore = deviceStore
        self.deadlines = deadlines
        self.counts = counts
    }

    /// The number of links handled as re-engagements: every entry point but `performOnAppAttribution`.
    var attributedOpenCount: Int { counts.withLock { $0.attributedOpenCount } }

    /// Reads a link the app handed over, with the settings links read: its callback, or the first request it needs.
    func begin(_ text: String, entry: LinkEntry, udl: Bool, settings: LinkSettings) -> LinkStep {
        deadlines.trace?.hop()
        let parser = LinkParser(customDomains: settings.customDomains, valueTyping: settings.valueTyping)
        let appended = appendingConfiguredParameters(to: text, settings: settings)
        let parsed: ParsedLink
        do {
            parsed = try parser.parse(appended)
        } catch {
            deadlines.log(.linkInvalid, "\(error)")
            return .finished(failure(.invalidLink(error), udl: udl))
        }
        for diagnostic in parsed.diagnostics { deadlines.log(.linkDiagnostic, "\(diagnostic)") }
        // The parsed link and the pending link are moved, not copied: each is a dozen references.
        // The links visited are kept only for a wrapped link: a set for every link cost an allocation.
        var pending = PendingLink(
            text: text, entry: entry, udl: udl, settings: settings.requests, parser: parser,
            parsed: consume parsed, stage: .unwrap(visited: [], hops: 0))
        if pending.isWrapped(pending.parsed) {
            pending.stage = .unwrap(visited: [pending.parsed.link], hops: 0)
            pending.originalLink = appended
            return .request(pending)
        }
        return unwrapped(pending)
    }

    /// Sends the request `pending` waits for, within `deadline`, and reads its answer.
    func send(_ pending: PendingLink, headers: [String: String], deadline: Date) async -> LinkStep {
        deadlines.trace?.hop()
        let config = pending.settings
        let resolver = self.resolver
        do throws(AttributionError) {
            switch pending.stage {
            case .unwrap:
                let current = pending.parsed.link
                let next = try await deadlines.run(
                    until: deadline, limitMilliseconds: config.deepLinkTimeout,
                    backend: "\(type(of: resolver))", rule: .linkUnwrap
                ) { try await resolver.redirectTarget(of: current, headers: headers) }
                return try unwrapHop(to: next, from: pending)
            case .shortLink(let template, let shortID):
                let request = shortLinkRequest(
                    pending, template: template, shortID: shortID, headers: headers)
                let stored = try await deadlines.run(
                    until: deadline, limitMilliseconds: config.deepLinkTimeout,
                    backend: "\(type(of: resolver))", rule: .linkShortLink,
                    immediate: { resolver.resolveImmediately(request) },
                    operation: { { try await resolver.resolve(request) } })
                return resolved(stored, pending)
            }
        } catch {
            return .finished(failure(error, udl: pending.udl))
        }
    }

    /// The step after one unwrap request answered `next`: the next hop, or the unwrapped link.
    ///
    /// - Throws: ``AttributionError`` for too many hops, a loop or a hop that is no link.
    private func unwrapHop(to next: String?, from pending: PendingLink) throws(AttributionError) -> LinkStep {
        let current = pending.parsed.link
        guard let next else {
            deadlines.log(.linkUnwrap, "\(current) does not redirect; unwrapping stops")
            return unwrapped(pending)
        }
        guard case .unwrap(var visited, var hops) = pending.stage else { return unwrapped(pending) }
        hops += 1
        if hops > AppsFlyerLib.maximumUnwrapHops {
            throw .tooManyRedirects(limit: AppsFlyerLib.maximumUnwrapHops)
        }
        if visited.contains(next) { throw .redirectLoop(next) }
        visited.insert(next)
        deadlines.log(.linkUnwrap, "hop \(hops): \(current) -> \(next)")
        var pending = pending
        do {
            pending.parsed = try pending.parser.parse(next)
        } catch {
            throw .invalidLink(error)
        }
        pending.stage = .unwrap(visited: visited, hops: hops)
        if pending.isWrapped(pending.parsed) { return .request(pending) }
        return unwrapped(pending)
    }

    /// The resolution request of the short link `pending` holds, logged as the real SDK logs it.
    private func shortLinkRequest(
        _ pending: PendingLink, template: String, shortID: String, headers: [String: String]
    ) -> ShortLinkRequest {
        let parsed = pending.parsed
        let config = pending.settings
        deadlines.logDevice(DeviceLog.shortLinkRequest(template: template, shortID: shortID))
        return ShortLinkRequest(
            host: parsed.host, template: template, shortID: shortID, link: parsed.link,
            headers: headers, timeout: .milliseconds(Int64(clamping: config.deepLinkTimeout)),
            sdkHost: config.customHost)
    }

    /// The callback of a resolved short link: its stored parameters under the link's own.
    private func resolved(_ stored: AttributionPayload, _ pending: PendingLink) -> LinkStep {
        deadlines.trace?.hop()
        deadlines.logDevice(DeviceLog.shortLinkResult(stored))
        let parsed = pending.parsed
        var payload = stored.merging(parsed.parameters)
        payload["link"] = .string(parsed.link)
        return .finished(found(payload, pending))
    }

    /// The step after unwrapping: a short link's resolution request, or the link's callback.
    private func unwrapped(_ pending: consuming PendingLink) -> LinkStep {
        deadlines.trace?.hop()
        // Read in place and consumed, not copied: a link's state is a dozen references.
        guard pending.parsed.isDeepLink else { return .finished(notDeepLink(pending)) }
        if case .shortLink(let template, let shortID) = pending.parsed.kind {
            pending.stage = .shortLink(template: template, shortID: shortID)
            return .request(pending)
        }
        return .finished(found(pending.parsed.payload, pending))
    }

    /// The callback of a resolved deep link.
    private func found(_ payload: AttributionPayload, _ pending: PendingLink) -> AppsFlyerEvent {
        deadlines.trace?.hop()
        var payload = payload
        if let originalLink = pending.originalLink { payload["original_link"] = .string(originalLink) }
        if pending.entry != .performOnAppAttribution { counts.withLock { $0.attributedOpenCount += 1 } }
        if pending.udl {
            deadlines.log(.udlDirect, "direct deep link from \(pending.entry.rawValue): FOUND")
            return .deepLink(.found(DeepLink(clickEvent: payload, isDeferred: false)))
        }
        deadlines.log(.linkOpenAttribution, "deep link from \(pending.entry.rawValue): onAppOpenAttribution")
        return .appOpenAttribution(mergedWithInstall(payload))
    }

    /// The callback of a link that is not a deep link: a link on a host that is not a OneLink's.
    private func notDeepLink(_ pending: PendingLink) -> AppsFlyerEvent {
        let parsed = try? pending.parser.parse(pending.text)
        let host = parsed?.host ?? ""
        if pending.udl, let parsed {
            // The real SDK was seen answering FOUND, with no deep_link_value, for a universal link
            // on a domain it did not know as a OneLink (appsflyer-flutter-plugin#355, fixed by
            // setOneLinkCustomDomain; AppsFlyerFramework#221 and #270): it reads no OneLink
            // parameters from such a link, so the click event holds only the link and its parts.
            if pending.entry != .performOnAppAttribution { counts.withLock { $0.attributedOpenCount += 1 } }
            deadlines.log(.udlNotOneLink, "\(host) is not a OneLink host: FOUND with the link alone")
            let event = parsed.payload.keeping(Self.linkPartKeys)
            return .deepLink(.found(DeepLink(clickEvent: event, isDeferred: false)))
        }
        if pending.udl {
            deadlines.log(.udlNotOneLink, "\(host) is not a OneLink host: NOT_FOUND")
            return .deepLink(.notFound)
        }
        deadlines.log(.linkNotOneLink, "\(host) is not a OneLink host: onAppOpenAttributionFailure")
        return .appOpenAttributionFailure(.invalidLink(.notOneLink(host: host)))
    }

    private func failure(_ error: AttributionError, udl: Bool) -> AppsFlyerEvent {
        udl ? .deepLink(.failure(error)) : .appOpenAttributionFailure(error)
    }

    /// The keys of a link's own parts, the whole click event of a universal link that is not a OneLink in UDL mode.
    static let linkPartKeys = ["link", "scheme", "host", "path"]

    /// Reads a push payload, with the settings links read: the OneLink at a configured key path, else the `"af"` attribution, else no callback.
    func beginPush(_ push: AttributionPayload, udl: Bool, settings: LinkSettings) -> LinkStep {
        if !settings.pushPaths.isEmpty {
            let parser = LinkParser(customDomains: settings.customDomains, valueTyping: settings.valueTyping)
            for path in settings.pushPaths {
                var value: AttributionValue? = .object(push.values)
                for key in path { value = value?[key] }
                guard let value else {
                    deadlines.log(.pushPath, "key path \(path) is missing from the push payload")
                    continue
                }
                guard let text = value.stringValue, let link = try? parser.parse(text) else {
                    deadlines.log(.pushPath, "value at \(path) is not a link (\(value.typeName)); ignored")
                    continue
                }
                switch link.kind {
                case .oneLink, .shortLink:
                    deadlines.log(.pushOneLink, "OneLink found at \(path)")
                    return begin(text, entry: .push, udl: udl, settings: settings)
                default:
                    deadlines.log(.pushPath, "value at \(path) is not a valid OneLink: \(text); ignored")
                }
            }
            deadlines.log(.pushIgnored, "no configured key path holds a valid OneLink; no callback")
            return .finished(nil)
        }
        guard case .object(let attribution)? = push["af"] else {
            deadlines.log(
                .pushIgnored,
                "push payload has no \"af\" dictionary and no deep-link path is set; no callback")
            return .finished(nil)
        }
        counts.withLock { $0.attributedOpenCount += 1 }
        let payload = AttributionPayload(attribution)
        if udl {
            deadlines.log(.pushLegacy, "attribution parameters under \"af\": FOUND")
            return .finished(.deepLink(.found(DeepLink(clickEvent: payload, isDeferred: false))))
        }
        deadlines.log(.pushLegacy, "attribution parameters under \"af\": onAppOpenAttribution")
        return .finished(.appOpenAttribution(mergedWithInstall(payload)))
    }

    /// `payload` with the install's attribution keys the link does not set itself.
    func mergedWithInstall(_ payload: AttributionPayload) -> AttributionPayload {
        guard let cached = (try? deviceStore.load())?.conversionData else { return payload }
        return cached.keeping(AppsFlyerLib.installKeysMergedIntoOpenAttribution).merging(payload)
    }

    /// `text` with the parameters of every matching `appendParametersToDeeplinkURL(contains:parameters:)` call added.
    func appendingConfiguredParameters(to text: String, settings: LinkSettings) -> String {
        deadlines.trace?.hop()
        let matching = settings.appendedDeepLinkParameters.filter { text.contains($0.contains) }
        guard !matching.isEmpty else { return text }
        let fragmentStart = text.firstIndex(of: "#") ?? text.endIndex
        var head = String(text[..<fragmentStart])
        let fragment = text[fragmentStart...]
        let existing = Set(
            (head.split(separator: "?", maxSplits: 1).dropFirst().first ?? "").split(separator: "&").map {
                String($0.prefix { $0 != "=" })
            })
        var added: [String] = []
        for entry in matching {
            for (key, value) in entry.parameters.sorted(by: { $0.key < $1.key })
            where !existing.contains(Self.queryEncoded(key)) {
                added.append(Self.queryEncoded(key) + "=" + Self.queryEncoded(value))
            }
        }
        guard !added.isEmpty else { return text }
        if !head.contains("?") {
            head += "?"
        } else if !head.hasSuffix("?") && !head.hasSuffix("&") {
            head += "&"
        }
        deadlines.log(.linkAppendParameters, "appended \(added.joined(separator: "&"))")
        return head + added.joined(separator: "&") + fragment
    }

    private static let queryAllowed: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()

    private static func queryEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }
}
