import Foundation

extension AppsFlyerLib {
    enum LinkEntry: String {
        case openURL = "handleOpen"
        case universalLink = "universal link"
        case push = "push notification"
        case performOnAppAttribution = "performOnAppAttribution"
    }

    /// The most hops a wrapped link is followed before unwrapping fails.
    public static let maximumUnwrapHops = 10

    func processLink(_ text: String, entry: LinkEntry, item: QueuedCommand) async {
        let config = configuration.value
        let udl = directLinksUseUDL()
        let deadline = item.receivedAt.addingTimeInterval(Double(config.deepLinkTimeout) / 1000)
        do {
            guard let payload = try await resolveLink(text, config: config, deadline: deadline, item: item)
            else {
                let host =
                    (try? LinkParser(
                        customDomains: config.customDomains ?? [], valueTyping: config.valueTyping
                    ).parse(text))?.host ?? ""
                if udl {
                    debug(.udlNotOneLink, "\(host) is not a OneLink host: NOT_FOUND")
                    await deliver([.deepLink(.notFound)], item: item)
                } else {
                    debug(.linkNotOneLink, "\(host) is not a OneLink host: onAppOpenAttributionFailure")
                    await deliver(
                        [.appOpenAttributionFailure(.invalidLink(.notOneLink(host: host)))], item: item)
                }
                return
            }
            if entry != .performOnAppAttribution {
                engine.withLock { $0.attributedOpenCount += 1 }
            }
            if udl {
                engine.withLock { $0.directDeepLinkThisLaunch = true }
                debug(.udlDirect, "direct deep link from \(entry.rawValue): FOUND")
                await deliver(
                    [.deepLink(.found(DeepLink(clickEvent: payload, isDeferred: false)))], item: item)
            } else {
                debug(.linkOpenAttribution, "deep link from \(entry.rawValue): onAppOpenAttribution")
                await deliver([.appOpenAttribution(mergedWithInstall(payload))], item: item)
            }
        } catch {
            if udl {
                await deliver([.deepLink(.failure(error))], item: item)
            } else {
                await deliver([.appOpenAttributionFailure(error)], item: item)
            }
        }
    }

    func mergedWithInstall(_ payload: AttributionPayload) -> AttributionPayload {
        guard let cached = (try? deviceStore.load())?.conversionData else { return payload }
        return cached.keeping(Self.installKeysMergedIntoOpenAttribution).merging(payload)
    }

    /// Parses, unwraps and resolves a link; `nil` when it is not a deep link.
    func resolveLink(
        _ text: String, config: Configuration, deadline: Date, item: QueuedCommand
    ) async throws(AttributionError)
        -> AttributionPayload?
    {
        let parser = LinkParser(customDomains: config.customDomains ?? [], valueTyping: config.valueTyping)
        let text = appendingConfiguredParameters(to: text, config: config)
        var parsed: ParsedLink
        do {
            parsed = try parser.parse(text)
        } catch {
            debug(.linkInvalid, "\(error)")
            throw .invalidLink(error)
        }
        for diagnostic in parsed.diagnostics { debug(.linkDiagnostic, "\(diagnostic)") }

        var originalLink: String?
        let wrappedDomains = (config.resolveDeepLinkURLs ?? []).map { $0.lowercased() }
        func isWrapped(_ link: ParsedLink) -> Bool {
            guard link.kind == .webLink else { return false }
            return wrappedDomains.contains { link.host == $0 || link.host.hasSuffix("." + $0) }
        }
        if isWrapped(parsed) {
            originalLink = text
            var visited: Set<String> = [parsed.link]
            var hops = 0
            let resolver = shortLinkResolver
            while isWrapped(parsed) {
                let current = parsed.link
                let headers = await resolutionHeaders(for: current, item: item)
                let next = try await withDeadline(
                    deadline, limitMilliseconds: config.deepLinkTimeout, backend: "\(type(of: resolver))",
                    rule: .linkUnwrap
                ) { try await resolver.redirectTarget(of: current, headers: headers) }
                guard let next else {
                    debug(.linkUnwrap, "\(current) does not redirect; unwrapping stops")
                    break
                }
                hops += 1
                if hops > Self.maximumUnwrapHops {
                    throw .tooManyRedirects(limit: Self.maximumUnwrapHops)
                }
                if visited.contains(next) { throw .redirectLoop(next) }
                visited.insert(next)
                debug(.linkUnwrap, "hop \(hops): \(current) -> \(next)")
                do {
                    parsed = try parser.parse(next)
                } catch {
                    throw .invalidLink(error)
                }
            }
        }

        guard parsed.isDeepLink else { return nil }
        var payload: AttributionPayload
        if case .shortLink(let template, let shortID) = parsed.kind {
            let request = ShortLinkRequest(
                host: parsed.host, template: template, shortID: shortID, link: parsed.link,
                headers: await resolutionHeaders(for: parsed.link, item: item),
                timeout: .milliseconds(Int64(clamping: config.deepLinkTimeout)), sdkHost: config.customHost)
            let resolver = shortLinkResolver
            let stored = try await withDeadline(
                deadline, limitMilliseconds: config.deepLinkTimeout, backend: "\(type(of: resolver))",
                rule: .linkShortLink
            ) { try await resolver.resolve(request) }
            payload = stored.merging(parsed.parameters)
            payload["link"] = .string(parsed.link)
        } else {
            payload = parsed.payload
        }
        if let originalLink { payload["original_link"] = .string(originalLink) }
        return payload
    }

    func processPush(_ push: AttributionPayload, item: QueuedCommand) async {
        let config = configuration.value
        if !config.pushPaths.isEmpty {
            let parser = LinkParser(
                customDomains: config.customDomains ?? [], valueTyping: config.valueTyping)
            for path in config.pushPaths {
                var value: AttributionValue? = .object(push.values)
                for key in path { value = value?[key] }
                guard let value else {
                    debug(.pushPath, "key path \(path) is missing from the push payload")
                    continue
                }
                guard let text = value.stringValue, let link = try? parser.parse(text) else {
                    debug(.pushPath, "value at \(path) is not a link (\(value.typeName)); ignored")
                    continue
                }
                switch link.kind {
                case .oneLink, .shortLink:
                    debug(.pushOneLink, "OneLink found at \(path)")
                    await processLink(text, entry: .push, item: item)
                    return
                default:
                    debug(.pushPath, "value at \(path) is not a valid OneLink: \(text); ignored")
                }
            }
            debug(.pushIgnored, "no configured key path holds a valid OneLink; no callback")
            return
        }
        guard case .object(let attribution)? = push["af"] else {
            debug(
                .pushIgnored,
                "push payload has no \"af\" dictionary and no deep-link path is set; no callback")
            return
        }
        engine.withLock { $0.attributedOpenCount += 1 }
        let udl = directLinksUseUDL()
        let payload = AttributionPayload(attribution)
        if udl {
            engine.withLock { $0.directDeepLinkThisLaunch = true }
            debug(.pushLegacy, "attribution parameters under \"af\": FOUND")
            await deliver([.deepLink(.found(DeepLink(clickEvent: payload, isDeferred: false)))], item: item)
        } else {
            debug(.pushLegacy, "attribution parameters under \"af\": onAppOpenAttribution")
            await deliver([.appOpenAttribution(mergedWithInstall(payload))], item: item)
        }
    }
}
