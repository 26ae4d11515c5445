import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// Bundled app wirings: the correct one for each app structure, and the common mistakes, each named for what goes wrong.
    ///
    /// Run any of them through ``WiringCheck``; replay scenarios name them in
    /// `deliverLink` and `checkWiring` steps. The mistakes and what the check
    /// reports for them are listed in `Docs/delivery-paths.md`.
    public enum WiringFixture: String, Sendable, Hashable, CaseIterable {
        /// Correct: app delegate only; links from `open`/`continue`, push taps from the notification center delegate.
        case appDelegate
        /// Correct: scenes; links from `willConnectTo` (cold) and `openURLContexts`/`continue` (warm), push taps from the app delegate's notification center delegate.
        case scenes
        /// Correct: SwiftUI; every URL, universal links included, from `onOpenURL`, push taps from the adaptor's notification center delegate.
        case swiftUI
        /// Mistake: the scene delegate reads nothing in `willConnectTo`; cold-start links are lost.
        case scenesReadNothingOnConnect
        /// Mistake: the scene delegate forwards each link and also passes it to the app delegate's handler, which forwards it again.
        case scenesForwardTwice
        /// Mistake: links are read only from the launch options; warm links are lost.
        case linksOnlyFromLaunchOptions
        /// Mistake: links are read from the launch options and from `open`/`continue`; cold-start links arrive twice.
        case linksFromLaunchOptionsAndDelegate
        /// Mistake: push taps are read only from the launch options; taps while the app runs are lost.
        case pushOnlyFromLaunchOptions
        /// Mistake: push taps are read from the launch options and the notification center delegate; a tap on a killed app arrives twice.
        case pushFromLaunchOptionsAndCenter
        /// Mistake: a scene app forwards push taps from `connectionOptions.notificationResponse` and the notification center delegate; a tap on a killed app arrives twice.
        case scenesPushFromConnectionOptionsAndCenter
        /// Mistake: a SwiftUI app forwards only custom schemes from `onOpenURL` and expects universal links in `onContinueUserActivity`, which SwiftUI never calls for them.
        case swiftUIUniversalLinksInContinueUserActivity
        /// Mistake: a scene app sets the notification center delegate in `willConnectTo`, after launching finished; the tap that launched the app is missed.
        case scenesCenterDelegateInWillConnect

        /// Whether this is a correct wiring (every path reaches the SDK exactly once).
        public var isCorrect: Bool {
            switch self {
            case .appDelegate, .scenes, .swiftUI: return true
            default: return false
            }
        }

        /// The wiring, named after the fixture.
        public var wiring: AppWiring {
            let name = rawValue
            switch self {
            case .appDelegate: return .appDelegate(name) { FixtureAppDelegate() }
            case .scenes:
                return .scenes(
                    name, appDelegate: { FixturePushOnlyAppDelegate() },
                    sceneDelegate: { FixtureSceneDelegate() })
            case .swiftUI:
                return .swiftUI(name, appDelegate: { FixturePushOnlyAppDelegate() }) {
                    SwiftUILinkHandlers().onOpenURL { url in
                        AppsFlyerLib.shared().handleOpen(url, options: nil)
                    }
                }
            case .scenesReadNothingOnConnect:
                return .scenes(
                    name, appDelegate: { FixturePushOnlyAppDelegate() },
                    sceneDelegate: { FixtureWarmOnlySceneDelegate() })
            case .scenesForwardTwice:
                return .scenes(
                    name, appDelegate: { FixturePushOnlyAppDelegate() },
                    sceneDelegate: { FixtureDoubleForwardingSceneDelegate() })
            case .linksOnlyFromLaunchOptions:
                return .appDelegate(name) {
                    FixtureLaunchOptionsAppDelegate(
                        readsLaunchLinks: true, forwardsRunningLinks: false, pushSource: .notificationCenter)
                }
            case .linksFromLaunchOptionsAndDelegate:
                return .appDelegate(name) {
                    FixtureLaunchOptionsAppDelegate(
                        readsLaunchLinks: true, forwardsRunningLinks: true, pushSource: .notificationCenter)
                }
            case .pushOnlyFromLaunchOptions:
                return .appDelegate(name) {
                    FixtureLaunchOptionsAppDelegate(
                        readsLaunchLinks: false, forwardsRunningLinks: true, pushSource: .launchOptions)
                }
            case .pushFromLaunchOptionsAndCenter:
                return .appDelegate(name) {
                    FixtureLaunchOptionsAppDelegate(
                        readsLaunchLinks: false, forwardsRunningLinks: true, pushSource: .both)
                }
            case .scenesPushFromConnectionOptionsAndCenter:
                return .scenes(
                    name, appDelegate: { FixturePushOnlyAppDelegate() },
                    sceneDelegate: { FixturePushReadingSceneDelegate() })
            case .scenesCenterDelegateInWillConnect:
                return .scenes(
                    name, appDelegate: { FixtureNoPushAppDelegate() },
                    sceneDelegate: { FixtureCenterDelegateSceneDelegate() })
            case .swiftUIUniversalLinksInContinueUserActivity:
                return .swiftUI(name, appDelegate: { FixturePushOnlyAppDelegate() }) {
                    SwiftUILinkHandlers()
                        .onOpenURL { url in
                            guard url.scheme != "https" else { return }
                            AppsFlyerLib.shared().handleOpen(url, options: nil)
                        }
                        .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                            AppsFlyerLib.shared().continue(activity, restorationHandler: nil)
                        }
                }
            }
        }
    }
#endif
