public import Foundation
import OneLinkSupport

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Logs impressions and clicks of the app's cross-promotion of its other apps, as `AppsFlyerCrossPromotionHelper.h` has it.
///
/// Both calls go to the SDK `AppsFlyerLib.shared()` returns and are kept in
/// its ``AppsFlyerLib/recordedCalls`` (the emulator's record of calls that
/// only forward data to AppsFlyer), with the link they report: the promoted
/// app's ID, `pid=af_cross_promotion`, the campaign as `c`, this app's ID as
/// `af_siteid`, and the parameters. SDK 6 names the parameters `parameters:`,
/// SDK 7 `userParams:`.
public final class AppsFlyerCrossPromotionHelper: NSObject {
    /// Logs an impression of a cross-promotion of the app `appID`.
    #if SDK7
        @_spi(SDK6)
    #endif
    public static func logCrossPromoteImpression(
        _ appID: String, campaign: String?, parameters: [AnyHashable: Any]?
    ) {
        AppsFlyerLib.shared().logCrossPromotion(
            "logCrossPromoteImpression", appID: appID, campaign: campaign, parameters: parameters,
            openStore: nil)
    }

    /// Logs a click on a cross-promotion and hands its click URL to `openStore`, to open the App Store in the app.
    ///
    /// `openStore` runs on the SDK's delivery queue with `URLSession.shared`
    /// and the click URL, inside the caller's `withShared` scope.
    #if SDK7
        @_spi(SDK6)
    #endif
    public static func logAndOpenStore(
        _ appID: String, campaign: String?, parameters: [AnyHashable: Any]?,
        openStore: @escaping (URLSession, URL) -> Void
    ) {
        AppsFlyerLib.shared().logCrossPromotion(
            "logAndOpenStore", appID: appID, campaign: campaign, parameters: parameters, openStore: openStore)
    }

    /// SDK 7's name for ``logCrossPromoteImpression(_:campaign:parameters:)``.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public static func logCrossPromoteImpression(
        _ appId: String, campaign: String?, userParams: [AnyHashable: Any]?
    ) {
        AppsFlyerLib.shared().logCrossPromotion(
            "logCrossPromoteImpression", appID: appId, campaign: campaign, parameters: userParams,
            openStore: nil)
    }

    /// SDK 7's name for ``logAndOpenStore(_:campaign:parameters:openStore:)``.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public static func logAndOpenStore(
        _ promotedAppId: String, campaign: String?, userParams: [AnyHashable: Any]?,
        openStore: @escaping (URLSession, URL) -> Void
    ) {
        AppsFlyerLib.shared().logCrossPromotion(
            "logAndOpenStore", appID: promotedAppId, campaign: campaign, parameters: userParams,
            openStore: openStore)
    }
}

extension AppsFlyerLib {
    /// Records a cross-promotion impression or click with its link; hands a click's link to `openStore`.
    func logCrossPromotion(
        _ call: String, appID: String, campaign: String?, parameters: [AnyHashable: Any]?,
        openStore: ((URLSession, URL) -> Void)?
    ) {
        var query: [(String, String)] = [("pid", "af_cross_promotion")]
        if let campaign { query.append(("c", campaign)) }
        query.append(("af_siteid", appleAppID))
        var extra: [(String, String)] = []
        for (key, value) in parameters ?? [:] {
            guard let name = Self.keyName(key) else { continue }
            extra.append((name, "\(value)"))
        }
        query += extra.sorted { $0.0 < $1.0 }
        var components = URLComponents()
        components.scheme = "https"
        components.host = openStore == nil ? "impression.appsflyer.com" : "app.appsflyer.com"
        components.path = "/" + appID
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        guard !appID.isEmpty, let url = components.url else {
            recordConfigurationError("\(call) needs a promoted app ID; nothing was logged")
            return
        }
        record(call, ["appID": .string(appID), "url": .string(url.absoluteString)])
        guard let openStore else { return }
        engine.enqueue(
            .callBlocks([
                ScopedBlock(body: Handoff { openStore(URLSession.shared, url) }, scope: Engine.scope)
            ]))
    }
}
