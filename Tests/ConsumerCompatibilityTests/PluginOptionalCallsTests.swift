import Foundation
import OneLinkEmulator
import Testing

/// Plugins call the delegates' optional methods as Objective-C optional requirements (`delegate?.m?(x)`).
@Suite("Optional delegate methods, called the plugin way", .timeLimit(.minutes(5)))
struct PluginOptionalCallsTests {
    func makeSDK() -> (AppsFlyerLib, InMemoryShortLinkResolver) {
        let clock = ManualClock()
        let resolver = InMemoryShortLinkResolver.inMemory(
            links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock)
        let sdk = AppsFlyerLib(
            shortLinkResolver: resolver, conversionDataSource: .inMemory(.organic, clock: clock),
            deferredDeepLinkSource: .inMemory(clock: clock), clock: clock)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        return (sdk, resolver)
    }

    @Test(
        "onAppOpenAttribution?, onAppOpenAttributionFailure? and allHTTPHeaderFields…? reach the app's implementation once each"
    )
    func legacyOptionalCalls() async {
        let (sdk, resolver) = makeSDK()
        let wrapper = PluginDelegateWrapper()
        let app = FullAppDelegate()
        wrapper.appDelegate = app
        sdk.delegate = wrapper
        sdk.handleOpen(URL(string: "https://app.onelink.me/H5hv/6d66214a"), options: nil)
        sdk.handleOpen(URL(string: "https://app.onelink.me/H5hv/missing"), options: nil)
        await sdk.waitUntilIdle()
        #expect(
            app.calls == [
                "allHTTPHeaderFieldsForResolveDeepLinkURL", "onAppOpenAttribution:apples",
                "allHTTPHeaderFieldsForResolveDeepLinkURL", "onAppOpenAttributionFailure",
            ])
        #expect(
            resolver.requests.first?.headers["X-App"] == "full", "the header came back through the wrapper")
    }

    @Test("An unapplied reference is the method, as against the real SDK")
    func unappliedReference() {
        let app = FullAppDelegate()
        let method = app.onAppOpenAttribution
        method(["deep_link_value": "direct"])
        let delegate: AppsFlyerLibDelegate = app
        delegate.onAppOpenAttribution?(["deep_link_value": "optional"])
        #expect(app.calls == ["onAppOpenAttribution:direct", "onAppOpenAttribution:optional"])
    }

    @Test("didResolveDeepLink? reaches the app's implementation once per result")
    func unifiedOptionalCall() async {
        let (sdk, _) = makeSDK()
        let wrapper = PluginDelegateWrapper()
        let app = FullAppDelegate()
        wrapper.appDeepLinkDelegate = app
        sdk.deepLinkDelegate = wrapper
        sdk.handleOpen(URL(string: "https://app.onelink.me/H5hv/6d66214a"), options: nil)
        await sdk.waitUntilIdle()
        #expect(app.calls == ["didResolveDeepLink:apples"])
    }

    @Test("An app without the optional methods gets nothing, and nil headers")
    func missingImplementations() async {
        let (sdk, resolver) = makeSDK()
        let wrapper = PluginDelegateWrapper()
        let app = RequiredOnlyAppDelegate()
        wrapper.appDelegate = app
        wrapper.appDeepLinkDelegate = app
        sdk.delegate = wrapper
        sdk.handleOpen(URL(string: "https://app.onelink.me/H5hv/6d66214a"), options: nil)
        sdk.handleOpen(URL(string: "https://app.onelink.me/H5hv/missing"), options: nil)
        await sdk.waitUntilIdle()
        sdk.deepLinkDelegate = wrapper
        sdk.handleOpen(URL(string: "https://app.onelink.me/H5hv/6d66214a"), options: nil)
        await sdk.waitUntilIdle()
        #expect(app.count == 0)
        #expect(resolver.requests.count == 3)
        #expect(resolver.requests.allSatisfy { $0.headers["X-App"] == nil })
        let url = URL(string: "https://app.onelink.me/H5hv/6d66214a")!
        let delegate: AppsFlyerLibDelegate = app
        #expect(delegate.allHTTPHeaderFieldsForResolveDeepLinkURL?(url) == nil)
    }
}
