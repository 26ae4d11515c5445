import Foundation
import OneLinkEmulator
import Testing

@Suite("A consumer written against the compatibility surface", .timeLimit(.minutes(5)))
struct ConsumerCompatibilityTests {
    func makeSDK(
        attribution: InstallAttribution = .organic, clicks: [DeferredClick] = []
    ) -> (AppsFlyerLib, ManualClock) {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
            conversionDataSource: .inMemory(attribution, clock: clock),
            deferredDeepLinkSource: .inMemory(clicks: clicks, clock: clock),
            deviceStore: .inMemory(), clock: clock)
        return (sdk, clock)
    }

    @Test("Legacy handlers receive the documented callbacks")
    func legacyFlow() async {
        let (sdk, _) = makeSDK(attribution: .nonOrganic(["deep_link_value": "bananas"]))
        let router = AppRouter()
        router.configure(sdk, unified: false)
        AppDelegateCalls.didBecomeActive(sdk)
        await sdk.waitUntilIdle()
        AppDelegateCalls.open(sdk, url: URL(string: "afbasicapp://mainactivity?deep_link_value=peaches")!)
        AppDelegateCalls.push(sdk, userInfo: ["af_push_link": "https://app.onelink.me/H5hv/6d66214a"])
        AppDelegateCalls.inAppLink(
            sdk, url: URL(string: "https://click.example.com/H5hv?deep_link_value=kiwis")!)
        await sdk.waitUntilIdle()
        #expect(
            router.routes == [
                .firstLaunchScene("bananas"), .scene("peaches"), .scene("apples"), .scene("kiwis"),
            ])
    }

    @Test("UDL handlers receive a deferred deep link on the first launch, then direct ones")
    func unifiedFlow() async {
        let click = DeferredClick(
            time: ManualClock.defaultStart.addingTimeInterval(-60),
            parameters: ["deep_link_value": "apples", "deep_link_sub1": "promo"])
        let (sdk, clock) = makeSDK(clicks: [click])
        let router = AppRouter()
        router.configure(sdk, unified: true)
        AppDelegateCalls.didBecomeActive(sdk)
        await sdk.waitUntilIdle()
        await clock.advance(by: .seconds(60))
        AppDelegateCalls.open(sdk, url: URL(string: "https://app.onelink.me/H5hv/6d66214a")!)
        await sdk.waitUntilIdle()
        #expect(router.routes == [.firstLaunchScene("apples/promo"), .organicOnboarding, .scene("apples")])
    }

    @Test("The completion-handler form of start reports success")
    func completion() async {
        let (sdk, _) = makeSDK()
        let router = AppRouter()
        router.configure(sdk, unified: false)
        let result = await withCheckedContinuation { continuation in
            AppDelegateCalls.startWithCompletion(sdk) { continuation.resume(returning: $0) }
        }
        #expect(result)
        #expect(DeepLinkResultStatus.allCases.map(\.rawValue) == [0, 1, 2])
    }
}

@Suite("The compatibility surface's exact signatures", .timeLimit(.minutes(5)))
struct SurfaceSignatureTests {
    @Test("A delegate with only the required methods compiles and gets conversion data; delegates are weak")
    func minimalDelegateAndWeakness() async {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(conversionDataSource: .inMemory(.organic, clock: clock), clock: clock)
        sdk.appsFlyerDevKey = "YOUR_DEV_KEY"
        sdk.appleAppID = "123456789"
        SurfaceSignatures.configure(sdk)
        #expect(sdk.deepLinkTimeout == 3000)
        #expect(sdk.minTimeBetweenSessions == 5)
        #expect(sdk.oneLinkCustomDomains == nil)
        let handler = MinimalConversionHandler()
        sdk.delegate = handler
        SurfaceSignatures.callEntryPoints(sdk, url: URL(string: "afbasicapp://mainactivity?x=1")!)
        await sdk.waitUntilIdle()
        #expect(handler.names == ["onConversionDataSuccess"])

        var temporary: MinimalConversionHandler? = MinimalConversionHandler()
        weak let weakHandler = temporary
        sdk.delegate = temporary
        temporary = nil
        #expect(weakHandler == nil)
        #expect(sdk.delegate == nil)
    }

    @Test("A deep-link result reads with the real SDK's member types")
    func deepLinkResultMembers() {
        let found = DeepLinkResult.found(
            DeepLink(clickEvent: ["deep_link_value": "apples"], isDeferred: true))
        let (status, isDeferred, error) = SurfaceSignatures.read(found)
        #expect(status == .found)
        #expect(isDeferred == true)
        #expect(error == nil)
        let (failedStatus, _, failure) = SurfaceSignatures.read(.failure(.timedOut(milliseconds: 3000)))
        #expect(failedStatus == .failure)
        #expect((failure as? AttributionError)?.kind == .timeout)
    }
}
