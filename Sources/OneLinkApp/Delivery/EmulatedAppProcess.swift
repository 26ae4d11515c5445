import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// One emulated app process: hands links to the app's entry points as iOS does in each app state.
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
    /// App code runs with `AppsFlyerLib.shared()` returning ``sdk`` and
    /// `UNUserNotificationCenter.current()` returning ``notificationCenter``.
    @MainActor
    public final class EmulatedAppProcess {
        private struct Running {
            let application: UIApplication
            let appDelegate: (any UIApplicationDelegate)?
            let sceneDelegate: (any UISceneDelegate)?
            let scene: UIScene?
            let view: SwiftUILinkHandlers?
        }

        /// The app's entry points.
        public let wiring: AppWiring
        /// The SDK instance app code reaches through `AppsFlyerLib.shared()`, or `nil` to leave `shared()` alone.
        public let sdk: AppsFlyerLib?
        /// The app's lifecycle, driven by launches, trips to the background and terminations.
        public let lifecycle: AppLifecycle
        /// The notification center app code reaches through `UNUserNotificationCenter.current()`.
        public private(set) var notificationCenter = UNUserNotificationCenter()
        private var running: Running?
        /// Every entry point called so far, oldest first.
        public private(set) var calls: [EntryPoint] = []

        /// Creates a process that is not running.
        public init(wiring: AppWiring, sdk: AppsFlyerLib? = nil, clock: any EmulatorClock = SystemClock()) {
            self.wiring = wiring
            self.sdk = sdk
            lifecycle = AppLifecycle(clock: clock)
        }

        /// The process's state, as the delivery paths name it.
        public var state: DeliveryAppState {
            switch lifecycle.state {
            case .notRunning: return .notRunning
            case .background, .suspended: return .background
            case .inactive, .active: return .foreground
            }
        }

        /// Puts the process in `state`: launches it (with no link), sends it to the background, or terminates it.
        public func bring(to target: DeliveryAppState) {
            switch (state, target) {
            case (.notRunning, .notRunning), (.background, .background), (.foreground, .foreground): return
            case (_, .notRunning): terminate()
            case (.notRunning, .background):
                launch(with: nil)
                enterBackground()
            case (.notRunning, .foreground): launch(with: nil)
            case (.foreground, .background): enterBackground()
            case (.background, .foreground):
                signal([.willEnterForeground, .didBecomeActive])
            }
        }

        /// Sends the foreground app to the background.
        public func enterBackground() {
            switch lifecycle.state {
            case .active: signal([.willResignActive, .didEnterBackground])
            case .inactive: signal(.didEnterBackground)
            case .notRunning, .background, .suspended: return
            }
        }

        /// Ends the process, as when the user swipes it away or the system purges it; its delegates are released.
        public func terminate() {
            guard state != .notRunning else { return }
            enterBackground()
            if lifecycle.state == .background { signal(.suspend) }
            signal(.purge)
            running = nil
            notificationCenter = UNUserNotificationCenter()
        }

        /// Opens a link: launches the app with it when not running, or hands it to the running app.
        ///
        /// - Returns: The entry points called for this link, in order.
        @discardableResult
        public func open(_ link: IncomingLink) -> [EntryPoint] {
            let start = calls.count
            switch state {
            case .notRunning: launch(with: link)
            case .background:
                signal(.willEnterForeground)
                deliverWarm(link)
                signal(.didBecomeActive)
            case .foreground: deliverWarm(link)
            }
            return Array(calls[start...])
        }

        // MARK: - Launch

        private func launch(with link: IncomingLink?) {
            signal(.didFinishLaunching(.foreground))
            let application = UIApplication()
            let appDelegate = wiring.makeAppDelegate.map { make in inApp { make() } }
            var launchOptions: [UIApplication.LaunchOptionsKey: Any]?
            if wiring.structure == .appDelegate, let link { launchOptions = Self.launchOptions(for: link) }
            var proceeds = true
            if let appDelegate {
                calls.append(.didFinishLaunching)
                proceeds = inApp {
                    appDelegate.application(application, didFinishLaunchingWithOptions: launchOptions)
                }
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
                let session = UISceneSession()
                let connected = UIScene(session: session)
                scene = connected
                sceneDelegate = wiring.makeSceneDelegate.map { make in inApp { make() } }
                if let sceneDelegate {
                    let options = Self.connectionOptions(for: link)
                    calls.append(.sceneWillConnect)
                    inApp { sceneDelegate.scene(connected, willConnectTo: session, options: options) }
                }
            case .swiftUI:
                view = wiring.makeView.map { make in inApp { make() } }
            }
            running = Running(
                application: application, appDelegate: appDelegate, sceneDelegate: sceneDelegate,
                scene: scene,
                view: view)
            if let link {
                switch (wiring.structure, link) {
                case (.appDelegate, .universalLink), (.appDelegate, .uriScheme):
                    // UIKit skips the open and continue calls when didFinishLaunching returned false.
                    if proceeds { deliverWarm(link) }
                case (.scenes, .universalLink), (.scenes, .uriScheme): break
                case (.swiftUI, .universalLink), (.swiftUI, .uriScheme): deliverWarm(link)
                case (_, .pushTap(let payload)): deliverLaunchTap(payload, to: launchTapDelegate)
                }
            }
            signal(.didBecomeActive)
        }

        private static func launchOptions(for link: IncomingLink) -> [UIApplication.LaunchOptionsKey: Any] {
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
            case .pushTap(let payload):
                return [.remoteNotification: payload.foundationDictionary]
            }
        }

        private static func connectionOptions(for link: IncomingLink?) -> UIScene.ConnectionOptions {
            switch link {
            case nil: return UIScene.ConnectionOptions()
            case .universalLink(let url):
                return UIScene.ConnectionOptions(userActivities: [browsingActivity(url)])
            case .uriScheme(let url, let source):
                let context = UIOpenURLContext(
                    url: url, options: UIScene.OpenURLOptions(sourceApplication: source))
                return UIScene.ConnectionOptions(urlContexts: [context], sourceApplication: source)
            case .pushTap(let payload):
                return UIScene.ConnectionOptions(notificationResponse: response(payload))
            }
        }

        private static func browsingActivity(_ url: URL) -> NSUserActivity {
            let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            activity.webpageURL = url
            return activity
        }

        private static func response(_ payload: AttributionPayload) -> UNNotificationResponse {
            let content = UNNotificationContent(userInfo: payload.foundationDictionary)
            let request = UNNotificationRequest(identifier: "emulated-push", content: content)
            return UNNotificationResponse(notification: UNNotification(request: request))
        }

        /// Hands the tap that launched the app to the delegate set by the end of `didFinishLaunchingWithOptions`, if any.
        private func deliverLaunchTap(
            _ payload: AttributionPayload, to delegate: (any UNUserNotificationCenterDelegate)?
        ) {
            guard let delegate else { return }
            calls.append(.notificationResponse)
            let center = notificationCenter
            let response = Self.response(payload)
            inApp { delegate.userNotificationCenter(center, didReceive: response) {} }
        }

        // MARK: - Running app

        private func deliverWarm(_ link: IncomingLink) {
            guard let running else { return }
            switch (wiring.structure, link) {
            case (_, .pushTap(let payload)):
                guard let delegate = notificationCenter.delegate else { return }
                calls.append(.notificationResponse)
                let center = notificationCenter
                let response = Self.response(payload)
                inApp { delegate.userNotificationCenter(center, didReceive: response) {} }
            case (.appDelegate, .universalLink(let url)):
                guard let appDelegate = running.appDelegate else { return }
                calls.append(.continueUserActivity)
                let activity = Self.browsingActivity(url)
                _ = inApp { appDelegate.application(running.application, continue: activity) { _ in } }
            case (.appDelegate, .uriScheme(let url, let source)):
                guard let appDelegate = running.appDelegate else { return }
                calls.append(.openURL)
                var options: [UIApplication.OpenURLOptionsKey: Any] = [:]
                if let source { options[.sourceApplication] = source }
                _ = inApp { appDelegate.application(running.application, open: url, options: options) }
            case (.scenes, .universalLink(let url)):
                guard let sceneDelegate = running.sceneDelegate, let scene = running.scene else { return }
                calls.append(.sceneContinue)
                let activity = Self.browsingActivity(url)
                inApp { sceneDelegate.scene(scene, continue: activity) }
            case (.scenes, .uriScheme(let url, let source)):
                guard let sceneDelegate = running.sceneDelegate, let scene = running.scene else { return }
                calls.append(.sceneOpenURLContexts)
                let context = UIOpenURLContext(
                    url: url, options: UIScene.OpenURLOptions(sourceApplication: source))
                inApp { sceneDelegate.scene(scene, openURLContexts: [context]) }
            case (.swiftUI, .universalLink(let url)), (.swiftUI, .uriScheme(let url, _)):
                // SwiftUI hands universal links to onOpenURL as plain URLs; onContinueUserActivity never sees them.
                guard let handlers = running.view?.openURLHandlers, !handlers.isEmpty else { return }
                calls.append(.onOpenURL)
                inApp {
                    for handler in handlers { handler(url) }
                }
            }
        }

        // MARK: - Helpers

        /// Runs app code with `shared()` and `current()` bound to this process.
        private func inApp<Result>(_ body: () -> Result) -> Result {
            UNUserNotificationCenter.withCurrent(notificationCenter) {
                guard let sdk else { return body() }
                return AppsFlyerLib.withShared(sdk, operation: body)
            }
        }

        private func signal(_ signal: LifecycleSignal) {
            self.signal([signal])
        }

        private func signal(_ signals: [LifecycleSignal]) {
            // Each signal list is chosen from the current state, so the lifecycle cannot reject it.
            _ = try? lifecycle.handle(signals)
        }
    }
#endif
