import Foundation
import OneLinkEmulator
import Testing

@Suite("A consumer written against the compatibility surface")
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
        clock.advance(by: .seconds(60))
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
