import Foundation
import OneLinkEmulator

#if !canImport(Darwin)
    import UserActivityStandIn
#endif

#if !canImport(UIKit)
    /// A wired process hands links to the app's entry points as iOS does in each app state.
    ///
    /// ``open(_:)`` follows Apple's documented rules (see `Docs/delivery-paths.md`):
    ///
    /// | Structure | Not running (cold) | Background or foreground (warm) |
    /// |---|---|---|
    /// | app delegate | `didFinishLaunchingWithOptions` with `.userActivityDictionary` / `.url` / `.remoteNotification`, then (if it returned `true`) `application(_:continue:restorationHandler:)` / `application(_:open:options:)` | `application(_:continue:restorationHandler:)` / `application(_:open:options:)` |
    /// | scenes | `didFinishLaunchingWithOptions` with no link, then `scene(_:willConnectTo:options:)` with `userActivities` / `urlContexts` / `notificationResponse` | `scene(_:continue:)` / `scene(_:openURLContexts:)` |
    /// | SwiftUI | the adaptor's `didFinishLaunchingWithOptions` with no link, then `onOpenURL` (universal links too) | `onOpenURL` |
    ///
    /// A push tap also calls the notification center delegate's
    /// `userNotificationCenter(_:didReceive:withCompletionHandler:)` in every
    /// state and structure, when one is set by the end of launching.
    ///
    /// Whether an opening is cold or warm is ``bringToFront(launching:_:)``'s
    /// decision. App code runs on the main actor, with `AppsFlyerLib.shared()`
    /// returning ``sdk`` and `UNUserNotificationCenter.current()` returning
    /// ``notificationCenter``.
    extension EmulatedAppProcess {
        /// The notification center app code reaches through `UNUserNotificationCenter.current()`; a new one per launch after a termination.
        @MainActor public var notificationCenter: UNUserNotificationCenter { code.notificationCenter }

        /// Every entry point called so far, oldest first.
        @MainActor public var calls: [EntryPoint] { code.calls }

        /// Puts the process in `state`: launches it (with no link), sends it to the background, or terminates it.
        @MainActor
        public func bring(to target: DeliveryAppState) {
            switch (state, target) {
            case (.notRunning, .notRunning), (.background, .background), (.foreground, .foreground): return
            case (_, .notRunning): terminate()
            case (.notRunning, .background):
                comeForward(with: nil)
                enterBackground()
            case (.notRunning, .foreground), (.background, .foreground): comeForward(with: nil)
            case (.foreground, .background): enterBackground()
            }
        }

        /// Ends the process, as when the user swipes it away or the system purges it; its delegates are released.
        @MainActor
        public func terminate() {
            guard state != .notRunning else { return }
            endLifecycle()
            code.launched = nil
            code.notificationCenter = UNUserNotificationCenter()
        }

        /// Opens a link: launches the app with it when not running, or hands it to the running app.
        ///
        /// - Returns: The entry points called for this link, in order.
        @MainActor @discardableResult
        public func open(_ link: IncomingLink) -> [EntryPoint] {
            open(link, userInfo: nil)
        }

        /// ``open(_:)``, with a push tap's payload already in its Foundation form (`userInfo`), or `nil` to make it here.
        @MainActor
        func open(_ link: IncomingLink, userInfo: [AnyHashable: Any]?) -> [EntryPoint] {
            let start = code.calls.count
            comeForward(with: link, userInfo: userInfo)
            return Array(code.calls[start...])
        }

        /// Brings the app to the front in the foreground, launching it with `link` or handing `link` to the running app.
        ///
        /// `userInfo` is a push tap's payload in its Foundation form, or `nil` to make it from the link.
        @MainActor
        private func comeForward(with link: IncomingLink?, userInfo: [AnyHashable: Any]? = nil) {
            // A foreground opening is never rejected: its signals are chosen from the current state.
            _ = try? bringToFront { isColdLaunch in
                // One binding for the opening's app code: `shared()` and `current()` return the same
                // objects throughout it, and each binding costs two task-local pushes.
                inApp {
                    if isColdLaunch {
                        launch(with: link, userInfo: userInfo)
                    } else if let link {
                        deliverToRunningApp(link, userInfo: userInfo)
                    }
                }
            }
        }

        // MARK: - Launch

        /// The wired app's launch, inside ``bringToFront(launching:_:)``'s cold start and ``inApp(_:)``:
        /// its objects, its `didFinishLaunchingWithOptions`, its scene, and the link through the entry
        /// points UIKit calls.
        @MainActor
        private func launch(with link: IncomingLink?, userInfo pushUserInfo: [AnyHashable: Any]?) {
            guard let wiring else { return }
            let application = UIApplication()
            // `if let`, not `Optional.map`: mapping a stored closure boxes it in two reabstraction thunks.
            var appDelegate: (any UIApplicationDelegate)?
            if let make = wiring.makeAppDelegate { appDelegate = make() }
            // A push payload's Foundation form, made once for the launch options and the tap's response.
            var userInfo: [AnyHashable: Any] = [:]
            if case .pushTap(let payload) = link { userInfo = pushUserInfo ?? payload.foundationDictionary }
            var launchOptions: [UIApplication.LaunchOptionsKey: Any]?
            if wiring.structure == .appDelegate, let link {
                launchOptions = Self.launchOptions(for: link, userInfo: userInfo)
            }
            var proceeds = true
            if let appDelegate {
                code.calls.append(.didFinishLaunching)
                proceeds = appDelegate.application(application, didFinishLaunchingWithOptions: launchOptions)
            }
            // Apple's UNUserNotificationCenter.delegate: set it "before your app finishes launching".
            // The launching tap goes to the delegate set by now, in every app structure; one set
            // later (in scene(_:willConnectTo:options:), in a SwiftUI view) misses it.
            let launchTapDelegate = notificationCenter.delegate
            var scene: UIScene?
            var sceneDelegate: (any UISceneDelegate)?
            var view: SwiftUILinkHandlers?
            switch wiring.structure {
            case .appDelegate: break
            case .scenes:
                let session = UISceneSession(drawingIdentifierOnFirstRead: ())
                let connected = UIScene(session: session)
                scene = connected
                if let make = wiring.makeSceneDelegate {
                    let delegate = make()
                    sceneDelegate = delegate
                    let options = Self.connectionOptions(for: link, userInfo: userInfo)
                    code.calls.append(.sceneWillConnect)
                    delegate.scene(connected, willConnectTo: session, options: options)
                }
            case .swiftUI:
                if let make = wiring.makeView { view = make() }
            }
            code.launched = AppCode.Launched(
                application: application, appDelegate: appDelegate, sceneDelegate: sceneDelegate,
                scene: scene, view: view)
            guard let link else { return }
            switch (wiring.structure, link) {
            case (.appDelegate, .universalLink), (.appDelegate, .uriScheme):
                // UIKit skips the open and continue calls when didFinishLaunching returned false.
                if proceeds { deliverToRunningApp(link) }
            case (.scenes, .universalLink), (.scenes, .uriScheme): break
            case (.swiftUI, .universalLink), (.swiftUI, .uriScheme): deliverToRunningApp(link)
            case (_, .pushTap): deliverTap(userInfo, to: launchTapDelegate)
            }
        }

        /// The launch options of an app-delegate app's cold start with `link`; `userInfo` is a push tap's payload.
        private static func launchOptions(
            for link: IncomingLink, userInfo: [AnyHashable: Any]
        ) -> [UIApplication.LaunchOptionsKey: Any] {
            switch link {
            case .universalLink(let url):
                let activity = browsingActivity(url)
                return [
                    .userActivityType: NSUserActivityTypeBrowsingWeb,
                    .userActivityDictionary: [
                        UIApplication.LaunchOptionsKey.userActivityTypeKeyInDictionary:
                            NSUserActivityTypeBrowsingWeb,
                        UIApplication.LaunchOptionsKey.userActivityKeyInDictionary: activity,
                    ] as [String: Any],
                ]
            case .uriScheme(let url, let source):
                var options: [UIApplication.LaunchOptionsKey: Any] = [.url: url]
                if let source { options[.sourceApplication] = source }
                return options
            case .pushTap:
                return [.remoteNotification: userInfo]
            }
        }

        /// The connection options of a scene app's cold start with `link`; `userInfo` is a push tap's payload.
        @MainActor
        private static func connectionOptions(
            for link: IncomingLink?, userInfo: [AnyHashable: Any]
        ) -> UIScene.ConnectionOptions {
            switch link {
            case nil: return UIScene.ConnectionOptions()
            case .universalLink(let url):
                return UIScene.ConnectionOptions(userActivities: [browsingActivity(url)])
            case .uriScheme(let url, let source):
                let context = UIOpenURLContext(
                    url: url, options: UIScene.OpenURLOptions(sourceApplication: source))
                return UIScene.ConnectionOptions(urlContexts: [context], sourceApplication: source)
            case .pushTap:
                return UIScene.ConnectionOptions(notificationResponse: response(userInfo))
            }
        }

        private static func browsingActivity(_ url: URL) -> NSUserActivity {
            let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            activity.webpageURL = url
            return activity
        }

        @MainActor
        private static func response(_ userInfo: [AnyHashable: Any]) -> UNNotificationResponse {
            let content = UNNotificationContent(userInfo: userInfo)
            let request = UNNotificationRequest(identifier: "emulated-push", content: content)
            return UNNotificationResponse(notification: UNNotification(request: request))
        }

        // MARK: - Running app

        /// Hands a link to the running app, inside ``inApp(_:)``, through the entry points UIKit calls for its structure.
        @MainActor
        private func deliverToRunningApp(_ link: IncomingLink, userInfo: [AnyHashable: Any]? = nil) {
            // Each case reads only the launched objects it calls: copying all of them costs five retains and releases.
            guard let wiring, code.launched != nil else { return }
            switch (wiring.structure, link) {
            case (_, .pushTap(let payload)):
                guard let delegate = notificationCenter.delegate else { return }
                deliverTap(userInfo ?? payload.foundationDictionary, to: delegate)
            case (.appDelegate, .universalLink(let url)):
                guard let appDelegate = code.launched?.appDelegate,
                    let application = code.launched?.application
                else { return }
                code.calls.append(.continueUserActivity)
                let activity = Self.browsingActivity(url)
                _ = appDelegate.application(application, continue: activity) { _ in }
            case (.appDelegate, .uriScheme(let url, let source)):
                guard let appDelegate = code.launched?.appDelegate,
                    let application = code.launched?.application
                else { return }
                code.calls.append(.openURL)
                var options: [UIApplication.OpenURLOptionsKey: Any] = [:]
                if let source { options[.sourceApplication] = source }
                _ = appDelegate.application(application, open: url, options: options)
            case (.scenes, .universalLink(let url)):
                guard let sceneDelegate = code.launched?.sceneDelegate, let scene = code.launched?.scene
                else { return }
                code.calls.append(.sceneContinue)
                sceneDelegate.scene(scene, continue: Self.browsingActivity(url))
            case (.scenes, .uriScheme(let url, let source)):
                guard let sceneDelegate = code.launched?.sceneDelegate, let scene = code.launched?.scene
                else { return }
                code.calls.append(.sceneOpenURLContexts)
                let context = UIOpenURLContext(
                    url: url, options: UIScene.OpenURLOptions(sourceApplication: source))
                sceneDelegate.scene(scene, openURLContexts: [context])
            case (.swiftUI, .universalLink(let url)), (.swiftUI, .uriScheme(let url, _)):
                // SwiftUI hands universal links to onOpenURL as plain URLs; onContinueUserActivity never sees them.
                guard let handlers = code.launched?.view?.openURLHandlers, !handlers.isEmpty else { return }
                code.calls.append(.onOpenURL)
                for handler in handlers { handler(url) }
            }
        }

        /// Hands a push tap (its payload as `userInfo`), inside ``inApp(_:)``, to the notification center delegate, if one is set.
        ///
        /// On a cold start that is the delegate set by the end of `didFinishLaunchingWithOptions`.
        @MainActor
        private func deliverTap(
            _ userInfo: [AnyHashable: Any], to delegate: (any UNUserNotificationCenterDelegate)?
        ) {
            guard let delegate else { return }
            code.calls.append(.notificationResponse)
            delegate.userNotificationCenter(notificationCenter, didReceive: Self.response(userInfo)) {}
        }

        // MARK: - Helpers

        /// Runs app code with `shared()` and `current()` bound to this process.
        @MainActor
        private func inApp<Result>(_ body: () -> Result) -> Result {
            UNUserNotificationCenter.withCurrent(notificationCenter) {
                guard let sdk else { return body() }
                return AppsFlyerLib.withShared(sdk, operation: body)
            }
        }
    }
#endif
