import Foundation
public import OneLinkApp
public import OneLinkClicks
public import OneLinkEmulator

/// One step of a scenario: an action and the outputs it must produce, in order.
public struct ScenarioStep: Sendable, Hashable {
    /// What the step does.
    public enum Action: Sendable, Hashable {
        /// `start()`.
        case start
        /// `start(completionHandler:)`: the completion is reported as a `startCompletion` output
        /// (`"completion": true` on a `start` step).
        case startWithCompletion
        /// The app returns to the foreground: `start()` again, subject to `minTimeBetweenSessions`.
        case foreground
        /// The app leaves the screen; the SDK has no entry point for it, so nothing is called.
        case background
        /// `handleOpen(_:options:)` with a URI-scheme or web URL and an optional source app.
        case handleOpen(url: String, sourceApplication: String?)
        /// The universal-link entry point.
        case universalLink(String)
        /// `handlePushNotification(_:)`.
        case push(AttributionPayload)
        /// `performOnAppAttribution(with:)`.
        case performOnAppAttribution(String)
        /// Moves the clock forward, in milliseconds.
        case advance(milliseconds: Int64)
        /// `simulateReinstall()`: the device state, router store and lifecycle start over.
        case reinstall
        /// `simulateRelaunch()`: the process dies and starts again on the same install.
        case relaunch
        /// Sets `delegate` (`deepLink == false`) or `deepLinkDelegate`.
        case setDelegate(deepLink: Bool)
        /// Clears `delegate` or `deepLinkDelegate`, as when the object holding it is released.
        case clearDelegate(deepLink: Bool)
        /// Changes how backends answer from now on; `nil` leaves one unchanged.
        case behaviour(
            shortLinks: InMemoryBehavior?, conversion: InMemoryBehavior?, deferred: InMemoryBehavior?)
        /// Launches the app's `EmulatedAppProcess` with launch options: classify, `didFinishLaunching`,
        /// drive the SDK, become active; a running app is brought to the front instead (warm).
        case launch(LaunchOptions)
        /// One lifecycle signal to the app process's `AppLifecycle`, through `LifecycleSessionDriver`.
        case lifecycle(LifecycleSignal)
        /// Hands an action to the pending deep-link router.
        case route(RouteInput)
        /// `setRoot(_:)` with a recording handler of this name.
        case setRoot(String)
        /// `push(_:)` with a recording handler of this name.
        case pushScreen(String)
        /// `pop()`.
        case popScreen
        /// `markReady()`.
        case routerReady
        /// `appDidEnterBackground()`.
        case routerBackground
        /// `appDidBecomeActive()`.
        case routerActive
        /// Sets the pasteboard's text; `nil` clears it.
        case setPasteboard(String?)
        /// `ClipboardDeferredLink.resolve(isFirstLaunch:)`.
        case clipboardLink(firstLaunch: Bool)
        /// `EmulatedDevice.open(_:from:)`: app-to-app open of a URL.
        case openURL(url: String, from: String?)
        /// A click on the OneLink server (`ClickHandler.handle`).
        case click(ClickRequest)
        /// `deliverLink` or `checkWiring`: a link through a bundled wiring's entry points, or the wiring check.
        case delivery(DeliveryStep)
        /// `sdk`: changes SDK settings (`isStopped`, the ATT wait and answer, `customerUserID`, ...).
        case sdkSettings(SDKSettingsStep)
        /// `appEvent`: one of the app's own events, such as `uiReady` (its first screen is up), for
        /// the scenario's ``ExampleLinkHandler`` and a team's ``ScenarioAppEventHandler``.
        case appEvent(String)
    }

    /// What a `route` step hands to the router.
    public enum RouteInput: Sendable, Hashable {
        /// Action text, `receive(actionText:)`.
        case action(String)
        /// An SDK callback payload, `receive(callbackPayload:)`.
        case callback(AttributionPayload)
        /// A push payload, `receive(pushPayload:)`.
        case push(AttributionPayload)
        /// A URL the app was opened with, `receive(url:)`.
        case url(String)
    }

    /// What the step does.
    public var action: Action
    /// The outputs the step must produce, in order; empty means none.
    public var expectations: [ScenarioExpectation]
    /// A free-text note shown in reports.
    public var note: String?

    /// Creates a step.
    public init(_ action: Action, expect expectations: [ScenarioExpectation] = [], note: String? = nil) {
        self.action = action
        self.expectations = expectations
        self.note = note
    }

    /// Every step kind the `do` field accepts, in documentation order.
    public static let kindNames = Kind.allCases.map(\.rawValue)

    /// The fields each step kind accepts besides `do`, `expect` and `note`.
    public static let kindFields: [String: [String]] = [
        "start": ["completion"], "handleOpen": ["url", "sourceApplication"], "universalLink": ["url"],
        "push": ["payload"],
        "performOnAppAttribution": ["url"], "advance": ["by"], "setDelegate": ["delegate"],
        "clearDelegate": ["delegate"], "behaviour": ["shortLinks", "conversion", "deferred"],
        "launch": ["options"], "lifecycle": ["signal", "passiveReason"],
        "route": ["action", "callback", "push", "url"], "setRoot": ["name"], "pushScreen": ["name"],
        "setPasteboard": ["text"], "clipboardLink": ["firstLaunch"], "openURL": ["url", "from"],
        "click": ["url", "userAgent", "ip", "headers", "advertisingID", "context"],
        "deliverLink": ["wiring", "state", "url", "sourceApplication", "push"], "checkWiring": ["wiring"],
        "sdk": [
            "isStopped", "anonymizeUser", "waitForATTUserAuthorization", "trackingAuthorization",
            "customerUserID",
        ],
        "appEvent": ["name"],
    ]

    /// A step kind, in documentation order: decoding switches over these rather than comparing the
    /// `do` text with each kind's name in turn.
    enum Kind: String, CaseIterable {
        case start, foreground, background, handleOpen, universalLink, push, performOnAppAttribution
        case advance, reinstall, relaunch, setDelegate, clearDelegate, behaviour, launch, lifecycle
        case route, setRoot, pushScreen, popScreen, routerReady, routerBackground, routerActive
        case setPasteboard, clipboardLink, openURL, click, deliverLink, checkWiring, sdk, appEvent
    }

    /// A step kind and every field it accepts: `do`, `expect`, `note` and its ``kindFields``.
    struct KindFields {
        let kind: Kind
        let allowed: [String]
    }

    /// Each step kind by its name, with its fields.
    static let allowedFields: [String: KindFields] = Dictionary(
        uniqueKeysWithValues: Kind.allCases.map { kind in
            (
                kind.rawValue,
                KindFields(kind: kind, allowed: ["do", "expect", "note"] + (kindFields[kind.rawValue] ?? []))
            )
        })

    /// The step kind, as the `do` field names it.
    public var kind: String { action.kind }
}

extension ScenarioStep.Action {
    /// The step kind, as the `do` field names it: read from an action the runner already holds,
    /// it needs no copy of the whole step.
    var kind: String {
        switch self {
        case .start, .startWithCompletion: return "start"
        case .foreground: return "foreground"
        case .background: return "background"
        case .handleOpen: return "handleOpen"
        case .universalLink: return "universalLink"
        case .push: return "push"
        case .performOnAppAttribution: return "performOnAppAttribution"
        case .advance: return "advance"
        case .reinstall: return "reinstall"
        case .relaunch: return "relaunch"
        case .setDelegate: return "setDelegate"
        case .clearDelegate: return "clearDelegate"
        case .behaviour: return "behaviour"
        case .launch: return "launch"
        case .lifecycle: return "lifecycle"
        case .route: return "route"
        case .setRoot: return "setRoot"
        case .pushScreen: return "pushScreen"
        case .popScreen: return "popScreen"
        case .routerReady: return "routerReady"
        case .routerBackground: return "routerBackground"
        case .routerActive: return "routerActive"
        case .setPasteboard: return "setPasteboard"
        case .clipboardLink: return "clipboardLink"
        case .openURL: return "openURL"
        case .click: return "click"
        case .delivery(let step): return step.kind
        case .sdkSettings: return "sdk"
        case .appEvent: return "appEvent"
        }
    }

    /// Whether the step drives the pending deep-link router, which needs `app.routing`.
    var needsRouting: Bool {
        switch self {
        case .route, .setRoot, .pushScreen, .popScreen, .routerReady, .routerBackground, .routerActive: true
        default: false
        }
    }
}
