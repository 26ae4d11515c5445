import Foundation

/// Where a link came from, as the debug log names it.
enum LinkEntry: String, Sendable {
    case openURL = "handleOpen"
    case universalLink = "universal link"
    case push = "push notification"
    case performOnAppAttribution = "performOnAppAttribution"
}

/// Deep links: parses, unwraps and resolves the links the app hands over, and turns them into callbacks.
///
/// In UDL mode a link becomes one `didResolveDeepLink`; in legacy mode an
/// `onAppOpenAttribution` (merged with the install's attribution) or its
/// failure. The service returns the callbacks; the SDK delivers them.
final class LinkService: Sendable {
    /// Asks the app's delegate for the extra headers of one resolution request.
    typealias Headers = @Sendable (_ link: String) async -> [String: String]

    private let resolver: any ShortLinkResolver
    private let deviceStore: any DeviceStore
    private let deadlines: Deadlines
    private let log: DebugLogger
    private let openCount = Locked(0)

    /// Creates the service over the SDK's resolver; `deviceStore` holds the install attribution merged into legacy callbacks.
    init(
        resolver: any ShortLinkResolver, deviceStore: any DeviceStore, deadlines: Deadlines, log: DebugLogger
    ) {
        self.resolver = resolver
        self.deviceStore = deviceStore
        self.deadlines = deadlines
        self.log = log
    }

    /// The number of links handled as re-engagements: every entry point but `performOnAppAttribution`.
    var attributedOpenCount: Int { openCount.value }

    /// A link's callback, or a failure, when resolution must end by `deadline`.
    ///
    /// - Parameter directDeepLink: Called when the link is delivered as a direct UDL deep link.
    func handle(
        _ text: String, entry: LinkEntry, udl: Bool, config: AppsFlyerLib.Configuration, deadline: Date,
        headers: Headers, directDeepLink: () -> Void
    ) async -> AppsFlyerEvent {
        do {
            guard let payload = try await resolve(text, config: config, deadline: deadline, headers: headers)
            else {
                let parsed = try? LinkParser(
                    customDomains: config.customDomains ?? [], valueTyping: config.valueTyping
                ).parse(text)
                let host = parsed?.host ?? ""
                if udl, let parsed {
                    // The real SDK was seen answering FOUND, with no deep_link_value, for a universal link
                    // on a domain it did not know as a OneLink (appsflyer-flutter-plugin#355, fixed by
                    // setOneLinkCustomDomain; AppsFlyerFramework#221 and #270): it reads no OneLink
                    // parameters from such a link, so the click event holds only the link and its parts.
                    if entry != .performOnAppAttribution { openCount.withLock { $0 += 1 } }
                    directDeepLink()
                    log(.udlNotOneLink, "\(host) is not a OneLink host: FOUND with the link alone")
                    let event = parsed.payload.keeping(Self.linkPartKeys)
                    return .deepLink(.found(DeepLink(clickEvent: event, isDeferred: false)))
                }
                if udl {
                    log(.udlNotOneLink, "\(host) is not a OneLink host: NOT_FOUND")
                    return .deepLink(.notFound)
                }
                log(.linkNotOneLink, "\(host) is not a OneLink host: onAppOpenAttributionFailure")
                return .appOpenAttributionFailure(.invalidLink(.notOneLink(host: host)))
            }
            if entry != .performOnAppAttribution { openCount.withLock { $0 += 1 } }
            if udl {
                directDeepLink()
                log(.udlDirect, "direct deep link from \(entry.rawValue): FOUND")
                return .deepLink(.found(DeepLink(clickEvent: payload, isDeferred: false)))
            }
            log(.linkOpenAttribution, "deep link from \(entry.rawValue): onAppOpenAttribution")
            return .appOpenAttribution(mergedWithInstall(payload))
        } catch {
            return udl ? .deepLink(.failure(error)) : .appOpenAttributionFailure(error)
        }
    }

    /// The keys of a link's own parts, the whole click event of a universal link that is not a OneLink in UDL mode.
    static let linkPartKeys = ["link", "scheme", "host", "path"]

    /// A push payload's callback, or `nil` when the payload holds no OneLink and no `"af"` attribution.
    func handlePush(
        _ push: AttributionPayload, udl: Bool, config: AppsFlyerLib.Configuration, deadline: Date,
        headers: Headers, directDeepLink: () -> Void
    ) async -> AppsFlyerEvent? {
        if !config.pushPaths.isEmpty {
            let parser = LinkParser(
                customDomains: config.customDomains ?? [], valueTyping: config.valueTyping)
            for path in config.pushPaths {
                var value: AttributionValue? = .object(push.values)
                for key in path { value = value?[key] }
                guard let value else {
                    log(.pushPath, "key path \(path) is missing from the push payload")
                    continue
                }
                guard let text = value.stringValue, let link = try? parser.parse(text) else {
                    log(.pushPath, "value at \(path) is not a link (\(value.typeName)); ignored")
                    continue
                }
                switch link.kind {
                case .oneLink, .shortLink:
                    log(.pushOneLink, "OneLink found at \(path)")
                    return await handle(
                        text, entry: .push, udl: udl, config: config, deadline: deadline, headers: headers,
                        directDeepLink: directDeepLink)
                default:
                    log(.pushPath, "value at \(path) is not a valid OneLink: \(text); ignored")
                }
            }
            log(.pushIgnored, "no configured key path holds a valid OneLink; no callback")
            return nil
        }
        guard case .object(let attribution)? = push["af"] else {
            log(
                .pushIgnored,
                "push payload has no \"af\" dictionary and no deep-link path is set; no callback")
            return nil
        }
        openCount.withLock { $0 += 1 }
        let payload = AttributionPayload(attribution)
        if udl {
            directDeepLink()
            log(.pushLegacy, "attribution parameters under \"af\": FOUND")
            return .deepLink(.found(DeepLink(clickEvent: payload, isDeferred: false)))
        }
        log(.pushLegacy, "attribution parameters under \"af\": onAppOpenAttribution")
        return .appOpenAttribution(mergedWithInstall(payload))
    }

    /// `payload` with the install's attribution keys the link does not set itself.
    func mergedWithInstall(_ payload: AttributionPayload) -> AttributionPayload {
        guard let cached = (try? deviceStore.load())?.conversionData else { return payload }
        return cached.keeping(AppsFlyerLib.installKeysMergedIntoOpenAttribution).merging(payload)
    }

    /// Parses, unwraps and resolves a link; `nil` when it is not a deep link.
    func resolve(
        _ text: String, config: AppsFlyerLib.Configuration, deadline: Date, headers: Headers
    ) async throws(AttributionError) -> AttributionPayload? {
        let parser = LinkParser(customDomains: config.customDomains ?? [], valueTyping: config.valueTyping)
        let text = appendingConfiguredParameters(to: text, config: config)
        var parsed: ParsedLink
        do {
            parsed = try parser.parse(text)
        } catch {
            log(.linkInvalid, "\(error)")
            throw .invalidLink(error)
        }
        for diagnostic in parsed.diagnostics { log(.linkDiagnostic, "\(diagnostic)") }

        var originalLink: String?
        let wrappedDomains = (config.resolveDeepLinkURLs ?? []).map { $0.lowercased() }
        func isWrapped(_ link: ParsedLink) -> Bool {
            guard link.kind == .webLink else { return false }
            return wrappedDomains.contains { link.host == $0 || link.host.hasSuffix("." + $0) }
        }
        if isWrapped(parsed) {
            originalLink = text
            parsed = try await unwrap(
                parsed, parser: parser, config: config, deadline: deadline, headers: headers
            ) {
                isWrapped($0)
            }
        }

        guard parsed.isDeepLink else { return nil }
        var payload: AttributionPayload
        if case .shortLink(let template, let shortID) = parsed.kind {
            let request = ShortLinkRequest(
                host: parsed.host, template: template, shortID: shortID, link: parsed.link,
                headers: await headers(parsed.link),
                timeout: .milliseconds(Int64(clamping: config.deepLinkTimeout)), sdkHost: config.customHost)
            let resolver = self.resolver
            log.device(DeviceLog.shortLinkRequest(template: template, shortID: shortID))
            let stored = try await deadlines.run(
                until: deadline, limitMilliseconds: config.deepLinkTimeout, backend: "\(type(of: resolver))",
                rule: .linkShortLink
            ) { try await resolver.resolve(request) }
            log.device(DeviceLog.shortLinkResult(stored))
            payload = stored.merging(parsed.parameters)
            payload["link"] = .string(parsed.link)
        } else {
            payload = parsed.payload
        }
        if let originalLink { payload["original_link"] = .string(originalLink) }
        return payload
    }

    /// Follows a wrapped link's redirects until it is no longer wrapped.
    private func unwrap(
        _ wrapped: ParsedLink, parser: LinkParser, config: AppsFlyerLib.Configuration, deadline: Date,
        headers: Headers, isWrapped: (ParsedLink) -> Bool
    ) async throws(AttributionError) -> ParsedLink {
        var parsed = wrapped
        var visited: Set<String> = [parsed.link]
        var hops = 0
        let resolver = self.resolver
        while isWrapped(parsed) {
            let current = parsed.link
            let sent = await headers(current)
            let next = try await deadlines.run(
                until: deadline, limitMilliseconds: config.deepLinkTimeout, backend: "\(type(of: resolver))",
                rule: .linkUnwrap
            ) { try await resolver.redirectTarget(of: current, headers: sent) }
            guard let next else {
                log(.linkUnwrap, "\(current) does not redirect; unwrapping stops")
                break
            }
            hops += 1
            if hops > AppsFlyerLib.maximumUnwrapHops {
                throw .tooManyRedirects(limit: AppsFlyerLib.maximumUnwrapHops)
            }
            if visited.contains(next) { throw .redirectLoop(next) }
            visited.insert(next)
            log(.linkUnwrap, "hop \(hops): \(current) -> \(next)")
            do {
                parsed = try parser.parse(next)
            } catch {
                throw .invalidLink(error)
            }
        }
        return parsed
    }

    /// `text` with the parameters of every matching `appendParametersToDeeplinkURL(contains:parameters:)` call added.
    func appendingConfiguredParameters(to text: String, config: AppsFlyerLib.Configuration) -> String {
        let matching = config.appendedDeepLinkParameters.filter { text.contains($0.contains) }
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
        log(.linkAppendParameters, "appended \(added.joined(separator: "&"))")
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
