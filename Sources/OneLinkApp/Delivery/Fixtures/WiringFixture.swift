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
            switch self {
            case .appDelegate: return appDelegateOnly(links: .entryPoints, pushTaps: .entryPoints)
            case .linksOnlyFromLaunchOptions:
                return appDelegateOnly(links: .launchOptions, pushTaps: .entryPoints)
            case .linksFromLaunchOptionsAndDelegate:
                return appDelegateOnly(links: [.launchOptions, .entryPoints], pushTaps: .entryPoints)
            case .pushOnlyFromLaunchOptions:
                return appDelegateOnly(links: .entryPoints, pushTaps: .launchOptions)
            case .pushFromLaunchOptionsAndCenter:
                return appDelegateOnly(links: .entryPoints, pushTaps: [.launchOptions, .entryPoints])
            case .scenes: return scenes(nil)
            case .scenesReadNothingOnConnect: return scenes(.readsNothingOnConnect)
            case .scenesForwardTwice: return scenes(.forwardsTwice)
            case .scenesPushFromConnectionOptionsAndCenter: return scenes(.forwardsConnectionPushTap)
            case .scenesCenterDelegateInWillConnect: return scenes(.centerDelegateInWillConnect)
            case .swiftUI: return swiftUI(universalLinksInContinueUserActivity: false)
            case .swiftUIUniversalLinksInContinueUserActivity:
                return swiftUI(universalLinksInContinueUserActivity: true)
            }
        }

        private func appDelegateOnly(
            links: FixtureAppDelegate.Sources, pushTaps: FixtureAppDelegate.Sources
        ) -> AppWiring {
            .appDelegate(rawValue) { FixtureAppDelegate(links: links, pushTaps: pushTaps) }
        }

        /// A scene app whose app delegate reads push taps, unless the scene delegate does.
        private func scenes(_ mistake: FixtureSceneDelegate.Mistake?) -> AppWiring {
            let pushTaps: FixtureAppDelegate.Sources =
                mistake == .centerDelegateInWillConnect ? [] : .entryPoints
            return .scenes(
                rawValue, appDelegate: { FixtureAppDelegate(links: [], pushTaps: pushTaps) },
                sceneDelegate: { FixtureSceneDelegate(mistake: mistake) })
        }

        /// A SwiftUI app whose adaptor delegate reads push taps.
        ///
        /// The mistake forwards only custom schemes from `onOpenURL` and expects universal links in
        /// `onContinueUserActivity`, which SwiftUI never calls for them.
        private func swiftUI(universalLinksInContinueUserActivity mistake: Bool) -> AppWiring {
            .swiftUI(rawValue, appDelegate: { FixtureAppDelegate(links: [], pushTaps: .entryPoints) }) {
                let view = SwiftUILinkHandlers().onOpenURL { url in
                    guard !mistake || url.scheme != "https" else { return }
                    AppsFlyerLib.shared().handleOpen(url, options: nil)
                }
                guard mistake else { return view }
                return view.onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    AppsFlyerLib.shared().continue(activity, restorationHandler: nil)
                }
            }
        }
    }
#endif
