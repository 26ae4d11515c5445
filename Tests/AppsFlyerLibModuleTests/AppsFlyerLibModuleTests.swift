import AppsFlyerLib
import Foundation
import Testing

/// `import AppsFlyerLib` alone gives the emulator's SDK surface, and its test API.
@Suite("The AppsFlyerLib module", .timeLimit(.minutes(5)))
struct AppsFlyerLibModuleTests {
    @Test("It is the emulator under the real module name")
    func isTheEmulator() {
        #expect(String(reflecting: AppsFlyerLib.self) == "OneLinkEmulator.AppsFlyerLib")
    }

    @Test("An unmodified handler file runs against it")
    func handlerRuns() async {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock),
            deferredDeepLinkSource: .inMemory(clock: clock), clock: clock)
        let router = DeepLinkRouter()
        await AppsFlyerLib.withShared(sdk) {
            router.application(didFinishLaunchingWithOptions: nil)
            _ = router.application(open: URL(string: "https://app.onelink.me/H5hv/6d66214a")!, options: [:])
            await sdk.waitUntilIdle()
        }
        #expect(router.screens.sorted() == ["onboarding", "product/apples"])
    }
}
