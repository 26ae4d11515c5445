public import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// A deep-link handler as apps write it, with three order mistakes that can each be switched on: the examples of `Docs/testing.md` ("Every order the SDK can deliver in").
///
/// It navigates to `deep_link_value` (or `af_dp` in legacy mode) from a direct link, from the
/// first launch's deferred deep link in either callback, and holds what arrives before the UI is
/// ready. Each ``Mistakes`` member is a real handler bug that passes in the emulator's default
/// order and fails in another order the SDK delivers in:
///
/// - ``Mistakes/navigatesBeforeUIReady``: navigates in the callback even when the first screen is
///   not up, so the navigation is lost (``Navigation/shown`` is `false`).
/// - ``Mistakes/navigatesOnRepeats``: navigates again for the same result delivered twice
///   (AppsFlyerFramework#218).
/// - ``Mistakes/firstCallbackDecides``: marks the first launch's deferred deep link as handled on
///   the first callback, before looking for a value, as AppsFlyer's OneLink sample app does with
///   its `deferred_deep_link_processed_flag`; conversion data without `deep_link_value` coming
///   first then drops the deferred deep link.
///
/// A scenario uses it with `"app": {"handler": {"mistakes": [...]}}`; each navigation is a
/// `navigate` output, and `{"do": "appEvent", "name": "uiReady"}` is the first screen coming up.
public final class ExampleLinkHandler: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate,
    ScenarioAppEventHandler, Sendable
{
    /// The mistakes the handler makes; none is the careful handler.
    public struct Mistakes: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int

        /// Creates a set from its bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Navigates in the callback even before the UI is ready: the navigation is lost.
        public static let navigatesBeforeUIReady = Mistakes(rawValue: 1)
        /// Navigates again when the same result is delivered twice.
        public static let navigatesOnRepeats = Mistakes(rawValue: 2)
        /// The first launch's first callback marks the deferred deep link handled, with a value or not.
        public static let firstCallbackDecides = Mistakes(rawValue: 4)

        /// Each mistake by the name a scenario gives it, in documentation order.
        public static let named: [(name: String, mistake: Mistakes)] = [
            ("navigatesBeforeUIReady", .navigatesBeforeUIReady), ("navigatesOnRepeats", .navigatesOnRepeats),
            ("firstCallbackDecides", .firstCallbackDecides),
        ]
    }

    /// One navigation: where to, and whether a screen was there to show it.
    public struct Navigation: Sendable, Hashable {
        /// The `deep_link_value` navigated to.
        public var value: String
        /// Whether the UI was ready, so the screen was shown; `false` means the navigation was lost.
        public var shown: Bool

        /// Creates a navigation.
        public init(value: String, shown: Bool) {
            self.value = value
            self.shown = shown
        }
    }

    private struct State {
        var observer: (@Sendable (Navigation) -> Void)?
        var uiReady = false
        var pending: String?
        var navigations: [Navigation] = []
        var deferredHandled = false
        var last: (link: AttributionPayload, at: Date)?
    }

    /// The mistakes this handler makes.
    public let mistakes: Mistakes
    private let clock: any EmulatorClock
    private let onNavigate: (@Sendable (Navigation) -> Void)?
    private let state = Locked(State())

    /// Creates a handler.
    ///
    /// - Parameters:
    ///   - mistakes: The mistakes to make; none (the default) is the careful handler.
    ///   - clock: The clock that tells a repeat (the same result within a second) from a new open.
    ///   - onNavigate: Called for each navigation, after it is recorded.
    public init(
        mistakes: Mistakes = [], clock: any EmulatorClock = SystemClock(),
        onNavigate: (@Sendable (Navigation) -> Void)? = nil
    ) {
        self.mistakes = mistakes
        self.clock = clock
        self.onNavigate = onNavigate
    }

    /// The navigations so far, in order.
    public var navigations: [Navigation] { state.withLock { $0.navigations } }

    /// The first screen is up: a held navigation happens now.
    public func uiDidBecomeReady() {
        let navigation = state.withLock { state -> Navigation? in
            state.uiReady = true
            guard let value = state.pending else { return nil }
            state.pending = nil
            return record(Navigation(value: value, shown: true), in: &state)
        }
        if let navigation { report(navigation) }
    }

    /// Reports each later navigation to `observer` too, after `onNavigate`: a replay's `navigate` outputs.
    package func observeNavigations(_ observer: @escaping @Sendable (Navigation) -> Void) {
        state.withLock { $0.observer = observer }
    }

    /// Forgets what the process held (the UI, a held navigation, the first launch's flag, the last
    /// result), as a relaunched app's new handler starts; the navigations so far stay listed.
    package func startNewProcess() {
        state.withLock { state in state = State(observer: state.observer, navigations: state.navigations) }
    }

    /// `uiReady` is ``uiDidBecomeReady()``; other events are ignored.
    public func handleAppEvent(_ name: String) {
        if name == "uiReady" { uiDidBecomeReady() }
    }

    /// Legacy deferred deep linking: the first launch's conversion data may carry the link's `deep_link_value`.
    public func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        // `true` from the real SDK; `1` or `"true"` where a replay profile types it so.
        let flag = conversionInfo["is_first_launch"]
        guard
            flag as? Bool == true || flag as? Int == 1
                || (flag as? String).map({ ["true", "1"].contains($0) }) == true
        else { return }
        open(conversionInfo["deep_link_value"] as? String, deferred: true, link: nil)
    }

    /// Nothing to route: the next session tries again.
    public func onConversionDataFail(_ error: any Error) {}

    /// A link that opened the app, in legacy mode.
    public func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        let value = attributionData["deep_link_value"] as? String ?? attributionData["af_dp"] as? String
        open(value, deferred: false, link: try? AttributionPayload(foundation: attributionData))
    }

    /// A found deep link, direct or deferred, in UDL mode.
    public func didResolveDeepLink(_ result: DeepLinkResult) {
        guard result.status == .found, let deepLink = result.deepLink else { return }
        open(deepLink.deeplinkValue, deferred: deepLink.isDeferred, link: deepLink.clickEventPayload)
    }

    private func open(_ value: String?, deferred: Bool, link: AttributionPayload?) {
        let now = clock.now
        let navigation = state.withLock { state -> Navigation? in
            if deferred {
                if mistakes.contains(.firstCallbackDecides) {
                    // The sample app's flag: set by whichever callback comes first, value or not.
                    if state.deferredHandled { return nil }
                    state.deferredHandled = true
                } else if state.deferredHandled || value == nil {
                    return nil
                } else {
                    state.deferredHandled = true
                }
            }
            guard let value, !value.isEmpty else { return nil }
            if let link, !mistakes.contains(.navigatesOnRepeats), let last = state.last, last.link == link,
                now.timeIntervalSince(last.at) < 1
            {
                return nil
            }
            if let link { state.last = (link, now) }
            guard state.uiReady || mistakes.contains(.navigatesBeforeUIReady) else {
                state.pending = value
                return nil
            }
            return record(Navigation(value: value, shown: state.uiReady), in: &state)
        }
        if let navigation { report(navigation) }
    }

    private func report(_ navigation: Navigation) {
        onNavigate?(navigation)
        state.withLock { $0.observer }?(navigation)
    }

    private func record(_ navigation: Navigation, in state: inout State) -> Navigation {
        state.navigations.append(navigation)
        return navigation
    }
}
