import Foundation
import OneLinkEmulator

extension LaunchClassification {
    /// The `UIApplication.OpenURLOptionsKey` value for the source app's bundle ID.
    public static let openURLSourceApplicationKey = "UIApplicationOpenURLOptionsSourceApplicationKey"
    /// The `UIApplication.OpenURLOptionsKey` value for the source app's annotation.
    public static let openURLAnnotationKey = "UIApplicationOpenURLOptionsAnnotationKey"

    /// The open-URL options dictionary a URL-scheme open hands the SDK; `nil` when empty.
    public var openURLOptions: [AnyHashable: Any]? {
        var options: [AnyHashable: Any] = [:]
        if let sourceApplication { options[Self.openURLSourceApplicationKey] = sourceApplication }
        if let annotation = self.options.annotation {
            options[Self.openURLAnnotationKey] = annotation.foundationObject
        }
        return options.isEmpty ? nil : options
    }

    /// Hands this launch to the SDK through the entry point its source calls for.
    ///
    /// - A remote or local push calls ``AttributionSDKDriver/handlePushNotification(_:)`` with the payload.
    /// - A universal link calls ``AttributionSDKDriver/handleUniversalLink(_:)`` with the page URL.
    /// - A URL-scheme open calls ``AttributionSDKDriver/handleOpen(_:options:)`` with the URL and
    ///   ``openURLOptions`` (the source app's bundle ID).
    /// - Every other source calls nothing. Sessions (``AttributionSDKDriver/start()``)
    ///   follow the app's lifecycle instead; see ``LifecycleSessionDriver``.
    ///
    /// - Returns: Whether the driver was called.
    @discardableResult
    public func drive(_ driver: some AttributionSDKDriver) -> Bool {
        switch source {
        case .remotePush, .localPush:
            driver.handlePushNotification(pushPayload?.foundationDictionary ?? [:])
            return true
        case .universalLink:
            guard let url else { return false }
            driver.handleUniversalLink(url)
            return true
        case .urlScheme:
            guard let url else { return false }
            driver.handleOpen(url, options: openURLOptions)
            return true
        default:
            return false
        }
    }
}
