import Foundation

extension AppsFlyerLib {
    /// Keys of the cached install attribution that are merged into legacy `onAppOpenAttribution` payloads.
    ///
    /// The link's own parameters win when a key appears on both sides.
    public static let installKeysMergedIntoOpenAttribution = ["install_time", "af_status", "af_message"]

    /// The most hops a wrapped link is followed before unwrapping fails.
    public static let maximumUnwrapHops = 10

    /// Runs a link call through the link service and delivers its callback.
    func processLink(_ text: String, entry: LinkEntry, item: EngineJob) async {
        let config = configuration.value
        switch entry {
        case .universalLink: logger.device(DeviceLog.userActivity(text))
        case .openURL: logger.device(DeviceLog.openURL(text))
        case .performOnAppAttribution: logger.device(DeviceLog.performOnAppAttribution(text))
        case .push: break
        }
        let event = await links.handle(
            text, entry: entry, udl: isUDLMode, config: config, deadline: linkDeadline(item, config),
            headers: headers(for: item), directDeepLink: sessions.noteDirectDeepLink)
        await deliver([event], item: item)
    }

    /// Runs a universal link, from any entry point, through the rules every entry shares, then through the link service.
    ///
    /// Every path to a universal link (``handleUniversalLink(_:)``,
    /// ``continue(_:restorationHandler:)``, SDK 7's `handleUniversalLink(_: URL?)`,
    /// ``submit(_:)``, ``perform(_:)`` and replay) ends here, so none can skip
    /// these rules: SDK 7 takes a URL whose scheme is not `https` as
    /// `handleOpen` does (SwiftUI's `onOpenURL` hands over both kinds), and the
    /// cold-start link `handleLaunchOptions(_:)` handed over is not handled a
    /// second time when the app passes it on again during the launch (within
    /// ``sessionReadyTimeLimit`` of the hand-over, before any background).
    func processUniversalLink(_ text: String, fromLaunchOptions: Bool, item: EngineJob) async {
        if fromLaunchOptions {
            sessionReadiness.withLock { $0.launchLinks.append((text, item.receivedAt)) }
        } else if isLaunchLinkAlreadyHandled(text, calledAt: item.receivedAt) {
            debug(.sessionReady, "\(text) was handed over by handleLaunchOptions; not handled twice")
            return
        }
        if sdkGeneration == .v7, let scheme = Self.scheme(of: text), scheme != "https" {
            debug(
                .linkOpen, "SDK 7: a \(scheme) URL handed over as a universal link is handled as handleOpen")
            await processLink(text, entry: .openURL, item: item)
            return
        }
        await processLink(text, entry: .universalLink, item: item)
    }

    /// The lowercased scheme of a link's text, when it has one.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return nil }
        let scheme = text[..<colon]
        guard scheme.first?.isLetter == true,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    /// Runs a push payload through the link service and delivers its callback, if it has one.
    func processPush(_ push: AttributionPayload, item: EngineJob) async {
        let config = configuration.value
        logger.device(DeviceLog.push(push))
        guard
            let event = await links.handlePush(
                push, udl: isUDLMode, config: config, deadline: linkDeadline(item, config),
                headers: headers(for: item), directDeepLink: sessions.noteDirectDeepLink)
        else { return }
        await deliver([event], item: item)
    }

    /// Whether links are answered with `didResolveDeepLink`: as the first session decided, else as the delegates say now.
    private var isUDLMode: Bool {
        // SDK 7 has no onAppOpenAttribution: every direct link goes through didResolveDeepLink.
        if sdkGeneration == .v7 { return true }
        return sessions.udlMode ?? (delegates.withLock { $0.deepLinkDelegate } != nil)
    }

    /// The time a link's resolution must end by: `deepLinkTimeout` after the link was handed over.
    private func linkDeadline(_ item: EngineJob, _ config: Configuration) -> Date {
        item.receivedAt.addingTimeInterval(Double(config.deepLinkTimeout) / 1000)
    }

    private func headers(for item: EngineJob) -> LinkService.Headers {
        { [self] link in await resolutionHeaders(for: link, item: item) }
    }
}
