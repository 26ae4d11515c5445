import Foundation
import OneLinkEmulator
import OneLinkSupport
import Testing

/// App code that reaches the SDK only through `shared()`, as three of four public clients do.
final class SharedOnlyClient: NSObject, AppsFlyerLibDelegate, @unchecked Sendable {
    // Not a CallbackRecorder: the point is which shared() the app code sees inside the callback.
    // @unchecked because NSObject is not Sendable: the stored state is a Locked.
    private let state = Locked<(statuses: [String], shared: [ObjectIdentifier])>(([], []))

    var received: (statuses: [String], shared: [ObjectIdentifier]) { state.value }

    func launch() {
        AppsFlyerLib.shared().appsFlyerDevKey = "DEV_KEY"
        AppsFlyerLib.shared().appleAppID = "123456789"
        AppsFlyerLib.shared().delegate = self
        AppsFlyerLib.shared().start()
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        let shared = ObjectIdentifier(AppsFlyerLib.shared())
        state.withLock {
            $0.statuses.append(conversionInfo["campaign"] as? String ?? "none")
            $0.shared.append(shared)
        }
    }

    func onConversionDataFail(_ error: any Error) {}
}

@Suite("A configurable shared()", .timeLimit(.minutes(5)))
struct SDKSharedInstanceTests {
    @Test(
        "Parallel tests each see their own shared(), in their code and in the callbacks it causes",
        arguments: 0..<16)
    func parallelScopes(index: Int) async {
        let sdk = AppsFlyerLib(
            conversionDataSource: .inMemory(.nonOrganic(["campaign": .string("campaign-\(index)")])),
            clock: ManualClock())
        let client = SharedOnlyClient()
        await AppsFlyerLib.withShared(sdk) {
            #expect(AppsFlyerLib.shared() === sdk)
            client.launch()
            await sdk.waitUntilIdle()
        }
        #expect(client.received.statuses == ["campaign-\(index)"])
        #expect(client.received.shared == [ObjectIdentifier(sdk)])
        #expect(sdk.appsFlyerDevKey == "DEV_KEY")
    }

    @Test("The synchronous scope and nested scopes restore the outer instance")
    func nestedScopes() {
        let outer = AppsFlyerLib(clock: ManualClock())
        let inner = AppsFlyerLib(clock: ManualClock())
        AppsFlyerLib.withShared(outer) {
            #expect(AppsFlyerLib.shared() === outer)
            AppsFlyerLib.withShared(inner) { #expect(AppsFlyerLib.shared() === inner) }
            #expect(AppsFlyerLib.shared() === outer)
        }
        #expect(AppsFlyerLib.shared() !== outer)
    }
}

/// The process-wide override changes what every unscoped `shared()` returns, so these tests run one at a time.
@Suite("shared(): the process-wide override", .serialized, .timeLimit(.minutes(5)))
struct SDKSharedOverrideTests {
    @Test("sharedOverride replaces the instance for the whole process; nil restores the built-in one")
    func processWide() async {
        let builtIn = AppsFlyerLib.shared()
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(links: ["H5hv/abc": ["deep_link_value": "apples"]], clock: clock),
            clock: clock)
        AppsFlyerLib.sharedOverride = sdk
        defer { AppsFlyerLib.sharedOverride = nil }
        #expect(AppsFlyerLib.shared() === sdk)
        let fromAnotherTask = await Task.detached { AppsFlyerLib.shared() }.value
        #expect(fromAnotherTask === sdk)
        let scoped = AppsFlyerLib(clock: ManualClock())
        AppsFlyerLib.withShared(scoped) { #expect(AppsFlyerLib.shared() === scoped, "a task scope wins") }

        AppsFlyerLib.shared().callbackDelivery = .sdkQueue
        let events = await AppsFlyerLib.shared().perform(.universalLink("https://a.onelink.me/H5hv/abc"))
        #expect(events.first?.payload?["deep_link_value"] == "apples", "short links resolve through shared()")

        AppsFlyerLib.sharedOverride = nil
        #expect(AppsFlyerLib.shared() === builtIn)
    }
}
