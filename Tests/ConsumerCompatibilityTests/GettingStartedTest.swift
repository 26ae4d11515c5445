// The test example of Docs/getting-started.md, verbatim; GettingStartedDocTests keeps them in sync.
import OneLinkEmulator
import Testing

@MainActor
@Test func deferredDeepLinkRoutesToApples() async {
    let clock = ManualClock()
    let sdk = AppsFlyerLib(
        conversionDataSource: .inMemory(.organic, clock: clock),
        deferredDeepLinkSource: .inMemory(
            clicks: [
                DeferredClick(
                    time: clock.now.addingTimeInterval(-60), parameters: ["deep_link_value": "apples"])
            ],
            clock: clock),
        clock: clock)
    let router = LinkRouter()
    var routed: [String] = []
    router.route = { routed.append($0) }  // called on the main queue, like this test

    await AppsFlyerLib.withShared(sdk) {
        router.launch()  // the app's own code, calling shared()
        await sdk.waitUntilIdle()  // returns once every callback was delivered
    }
    #expect(routed == ["apples"])
}
