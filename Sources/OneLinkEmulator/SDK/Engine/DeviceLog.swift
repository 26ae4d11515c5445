import Foundation

/// The lines the real AppsFlyer iOS SDK prints for the events the emulator reproduces, in the shapes seen in device logs.
///
/// Sources for each shape are in `Docs/log-import.md`; where no device log showed a line, the
/// shape follows the nearest one seen, and the guide says so.
enum DeviceLog {
    /// `AppsFlyer SDK version 6.17.0 started build (1)`: the first line of a process's first session (AppsFlyerFramework#209).
    static func version(_ version: String) -> String {
        "AppsFlyer SDK version \(version) started build (1)"
    }

    /// The debug-mode banner printed after the version line (AppsFlyerFramework#209, #228).
    static let banner =
        "* AppsFlyer is set to debug mode. This should only be used in development environment! *"

    /// `[DDL] Delegate: App.AppDelegate`: the deep-link delegate of a UDL session (appsflyer-flutter-plugin#142).
    static func deepLinkDelegate(_ delegate: Any) -> String {
        "[DDL] Delegate: \(String(reflecting: type(of: delegate)))"
    }

    /// `[DDL] Start DDL`: the first launch's deferred lookup begins (dev hub, testing iOS).
    static let deferredStart = "[DDL] Start DDL"

    /// `[DDL] URL: https://dlsdk.appsflyer.com/v1.0/ios/id123?sdk_version=6.17` (dev hub, testing iOS).
    static func deferredURL(appID: String, version: String) -> String {
        "[DDL] URL: https://dlsdk.appsflyer.com/v1.0/ios/id\(appID)?sdk_version=\(majorMinor(version))"
    }

    /// `[DDL] DDL already has been resolved`: a later UDL session (appsflyer-flutter-plugin#142, AppsFlyerFramework#209).
    static let deferredDone = "[DDL] DDL already has been resolved"

    /// The launch request and its body on the next line (the `SEND Start:` shape of react-native-appsflyer#328).
    static func launch(
        appID: String, version: String, counter: Int, sinceLast: TimeInterval?, uid: String
    ) -> String {
        let body: AttributionValue = [
            "counter": .string(String(counter)), "event": "Launched",
            "timepassedsincelastlaunch": .string(sinceLast.map { String(format: "%.6f", $0) } ?? "-1.000000"),
            "uid": .string(uid),
        ]
        return
            "<~+~   SEND Start:   https://launches.appsflyer.com/api/v\(majorMinor(version))/iosevent?app_id=\(appID)"
            + "&buildnumber=\(version)\n" + body.jsonText()
    }

    /// A universal link handed over: ``NSUserActivity `webpageURL`: https://…`` (appsflyer-flutter-plugin#333).
    static func userActivity(_ url: String) -> String { "NSUserActivity `webpageURL`: \(url)" }

    /// A URI-scheme link handed over: `UniversalLink/Deeplink found: myapp://…` (dev hub's UDL guide; 7.0.1's strings).
    static func openURL(_ url: String) -> String { "UniversalLink/Deeplink found: \(url)" }

    /// A push payload handed over; no device log showed one, so the shape follows `handleOpenUrl:`.
    static func push(_ payload: AttributionPayload) -> String {
        "handlePushNotification: \(payload.jsonText())"
    }

    /// A link resolved without a session; the shape follows `handleOpenUrl:`.
    static func performOnAppAttribution(_ url: String) -> String { "performOnAppAttributionWithURL: \(url)" }

    /// `Shortlink found. Executing: https://onelink.appsflyer.com/shortlink-sdk/v2/H5hv?id=apples` (dev hub's UDL guide).
    static func shortLinkRequest(template: String, shortID: String) -> String {
        "Shortlink found. Executing: https://onelink.appsflyer.com/shortlink-sdk/v2/\(template)?id=\(shortID)"
    }

    /// `[Shortlink] OneLink:` and the stored parameters, as a dictionary printout (dev hub's UDL guide).
    static func shortLinkResult(_ stored: AttributionPayload) -> String {
        "[Shortlink] OneLink:\n" + PlistDescription.render(.object(stored.values))
    }

    /// `[GCD-B01] GCD 4.0 URL: …` with the dev key masked as the SDK masks it (dev hub's deferred deep linking guide).
    static func conversionRequest(appID: String, devKey: String, uid: String) -> String {
        let masked = devKey.count > 2 ? "\(devKey.prefix(1))*****\(devKey.suffix(1))" : "*****"
        return
            "[GCD-B01] GCD 4.0 URL: https://gcdsdk.appsflyer.com/install_data/v4.0/id\(appID)?devkey=\(masked)&device_id=\(uid)"
    }

    /// `[WARNING] Skip launch`: a start inside `minTimeBetweenSessions` (7.0.1's strings).
    static let skipLaunch = "[WARNING] Skip launch"

    /// SDK 7's `[START]` lines for an accepted start (7.0.1's strings): the first-launch flag, then whether the process just started.
    static func startLines(firstLaunch: Bool, cold: Bool, sinceLast: TimeInterval?, now: Date) -> String {
        let stamp = Int64((now.timeIntervalSince1970 * 1000).rounded())
        let second =
            cold
            ? "[START] Initial start of the application"
            : "[START] Time from last start(session): \(String(format: "%.3f", sinceLast ?? 0))"
        return "[START] isFirstLaunch: \(firstLaunch), timestamp: \(stamp)\n" + second
    }

    /// The callback lines: `[GCD-A02] -[App.AppDelegate onConversionDataSuccess:]:` and the dictionary (dev hub,
    /// testing iOS), `[DDL] Calling didResolveDeepLink with: {...}` (dev hub, testing iOS), and for a
    /// callback without a delegate the real SDK's `[GCD-E01] Delegate is 'nil'` line (AppsFlyerFramework#301;
    /// 7.0.1's strings) or, for `didResolveDeepLink`, ``[DDL] Delegate doesn't respond to `didResolveDeepLink:` ``.
    static func callback(_ event: AppsFlyerEvent, delegate: Any?) -> String {
        let method: String
        switch event {
        case .conversionDataSuccess: method = "onConversionDataSuccess:"
        case .conversionDataFail: method = "onConversionDataFail:"
        case .appOpenAttribution: method = "onAppOpenAttribution:"
        case .appOpenAttributionFailure: method = "onAppOpenAttributionFailure:"
        case .deepLink(let result):
            guard delegate != nil else {
                return
                    "[DDL] Delegate doesn't respond to `didResolveDeepLink:`"
            }
            return "[DDL] Calling didResolveDeepLink with: \(deepLinkJSON(result))"
        }
        guard let delegate else {
            return "[GCD-E01] Delegate is 'nil' or does not respond to -[AppsFlyerLibDelegate \(method)]"
        }
        let receiver = "-[\(String(reflecting: type(of: delegate))) \(method)]:"
        switch event {
        case .conversionDataSuccess(let payload):
            return "[GCD-A02] \(receiver)\n" + PlistDescription.render(.object(payload.values))
        case .appOpenAttribution(let payload):
            return "\(receiver)\n" + PlistDescription.render(.object(payload.values))
        case .conversionDataFail(let error): return "[GCD-A02] \(receiver) \(nsErrorText(error))"
        case .appOpenAttributionFailure(let error): return "\(receiver) \(nsErrorText(error))"
        case .deepLink: return receiver
        }
    }

    /// A deep-link result as JSON: the deep link's own description when found, else its status and error.
    static func deepLinkJSON(_ result: DeepLinkResult) -> String {
        if let deepLink = result.deepLink { return deepLink.description }
        var object: [String: AttributionValue] = [
            "status": .string(result.status == .notFound ? "NOT_FOUND" : "ERROR")
        ]
        if let error = result.error {
            let bridged = error as NSError
            var details: [String: AttributionValue] = [
                "domain": .string(bridged.domain), "code": .int(bridged.code),
                "description": .string(bridged.localizedDescription),
            ]
            if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError {
                details["underlyingCode"] = .int(underlying.code)
            }
            object["error"] = .object(details)
        }
        return AttributionValue.object(object).jsonText()
    }

    /// `Error Domain=com.appsflyer.sdk.network Code=50 "Status code failure: 403" UserInfo={...}`, as `NSError` prints (AppsFlyerFramework#231).
    static func nsErrorText(_ error: any Error) -> String {
        let bridged = error as NSError
        var info = "NSLocalizedDescription=\(bridged.localizedDescription)"
        if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError {
            info =
                "NSUnderlyingError={Error Domain=\(underlying.domain) Code=\(underlying.code) "
                + "\"\(underlying.localizedDescription)\"}, " + info
        }
        return
            "Error Domain=\(bridged.domain) Code=\(bridged.code) \"\(bridged.localizedDescription)\" UserInfo={\(info)}"
    }

    /// `6.17` of `6.17.0`.
    static func majorMinor(_ version: String) -> String {
        version.split(separator: ".").prefix(2).joined(separator: ".")
    }
}
