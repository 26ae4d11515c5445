import Foundation

// Handler code as an app team writes it against the AppsFlyer iOS SDK's Swift API.
// It uses only the compatibility surface, so the same file compiles against the real SDK:
#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

/// What the app decided to show, recorded so the tests can check it.
enum Route: Equatable {
    case scene(String)
    case firstLaunchScene(String)
    case organicOnboarding
    case error(String)
}

final class AppRouter: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    private let log = SharedLog<Route>()

    var routes: [Route] { log.entries }

    private func record(_ route: Route) { log.append(route) }

    func configure(_ sdk: AppsFlyerLib, unified: Bool) {
        sdk.appsFlyerDevKey = "YOUR_DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.delegate = self
        if unified { sdk.deepLinkDelegate = self }
        sdk.deepLinkTimeout = 3000
        sdk.minTimeBetweenSessions = 5
        sdk.oneLinkCustomDomains = ["click.example.com"]
        sdk.resolveDeepLinkURLs = ["email.example.com"]
        sdk.addPushNotificationDeepLinkPath(["af_push_link"])
        sdk.isDebug = false
    }

    func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
        guard let status = data["af_status"] as? String else { return }
        if let isFirstLaunch = data["is_first_launch"] as? Bool, isFirstLaunch {
            if status == "Non-organic", let fruit = data["deep_link_value"] as? String {
                record(.firstLaunchScene(fruit))
            } else {
                record(.organicOnboarding)
            }
        }
    }

    func onConversionDataFail(_ error: Error) {
        record(.error("\(error)"))
    }

    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        if let fruit = attributionData["deep_link_value"] as? String {
            record(.scene(fruit))
        } else if let link = attributionData["link"] as? String,
            let value = URLComponents(string: link)?.queryItems?.first(where: { $0.name == "deep_link_value" }
            )?.value
        {
            record(.scene(value))
        }
    }

    func onAppOpenAttributionFailure(_ error: Error) {
        record(.error("\(error)"))
    }

    func didResolveDeepLink(_ result: DeepLinkResult) {
        switch result.status {
        case .notFound:
            return
        case .failure:
            record(.error("\(result.error.map { "\($0)" } ?? "unknown")"))
            return
        case .found:
            break
        }
        guard let deepLink = result.deepLink, let value = deepLink.deeplinkValue else { return }
        let sub1 = deepLink.clickEvent["deep_link_sub1"] as? String
        _ = (
            deepLink.matchType, deepLink.mediaSource, deepLink.campaign, deepLink.campaignId, deepLink.afSub1
        )
        _ = (deepLink.afSub2, deepLink.afSub3, deepLink.afSub4, deepLink.afSub5, deepLink.clickHTTPReferrer)
        _ = deepLink.toString()
        if deepLink.isDeferred {
            record(.firstLaunchScene(sub1.map { "\(value)/\($0)" } ?? value))
        } else {
            record(.scene(value))
        }
    }
}

/// The calls an app delegate makes into the SDK, written only with the real SDK's API names.
enum AppDelegateCalls {
    static func didBecomeActive(_ sdk: AppsFlyerLib) {
        sdk.start()
    }

    static func open(_ sdk: AppsFlyerLib, url: URL) {
        sdk.handleOpen(url, options: [:])
    }

    static func push(_ sdk: AppsFlyerLib, userInfo: [AnyHashable: Any]) {
        sdk.handlePushNotification(userInfo)
    }

    static func inAppLink(_ sdk: AppsFlyerLib, url: URL) {
        sdk.performOnAppAttribution(with: url)
    }

    static func startWithCompletion(_ sdk: AppsFlyerLib, done: @escaping (Bool) -> Void) {
        sdk.start(completionHandler: { dictionary, error in done(error == nil && dictionary != nil) })
    }

    static let statuses: [DeepLinkResultStatus] = [.notFound, .found, .failure]
    static let shared: AppsFlyerLib = AppsFlyerLib.shared()
}
