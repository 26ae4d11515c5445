import Foundation
@_spi(SDK7) import OneLinkEmulator
import OneLinkReplay
import Testing

#if !canImport(Darwin)
    import UserActivityStandIn
#endif

/// One ingress: every way a universal link reaches the SDK takes the same path through the engine.
///
/// The public calls, ``AppsFlyerLib/submit(_:)``, ``AppsFlyerLib/perform(_:)``
/// and replay steps all end in the same command processing, so SDK 7's
/// reroute of a non-`https` URL and the single delivery of the cold-start
/// link hold whichever entry the app (or a test) uses.
@Suite("One ingress: every universal-link entry point takes the same path", .timeLimit(.minutes(5)))
struct IngressTests {
    typealias Entry = @Sendable (AppsFlyerLib, URL) async -> Void

    static let entries: [(String, Entry)] = [
        ("handleUniversalLink(URL)", { sdk, url in sdk.handleUniversalLink(url) }),
        (
            "handleUniversalLink(URL?)",
            { sdk, url in
                let optional: URL? = url
                sdk.handleUniversalLink(optional)
            }
        ),
        (
            "continue(_:restorationHandler:)",
            { sdk, url in
                let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
                activity.webpageURL = url
                sdk.continue(activity, restorationHandler: nil)
            }
        ),
        ("submit(.universalLink)", { sdk, url in sdk.submit(.universalLink(url.absoluteString)) }),
        ("perform(.universalLink)", { sdk, url in await sdk.perform(.universalLink(url.absoluteString)) }),
    ]

    static func makeSDK(_ generation: SDKGeneration) -> (AppsFlyerLib, RecordingDebugLogSink) {
        let clock = ManualClock()
        let log = RecordingDebugLogSink()
        let sdk = AppsFlyerLib(
            shortLinkResolver: InMemoryShortLinkResolver(clock: clock),
            conversionDataSource: InMemoryConversionDataSource(attribution: .organic, clock: clock),
            deferredDeepLinkSource: InMemoryDeferredDeepLinkSource(clock: clock), clock: clock, logSink: log)
        sdk.sdkGeneration = generation
        sdk.isDebug = true
        sdk.callbackDelivery = .sdkQueue
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        return (sdk, log)
    }

    static let customScheme = URL(string: "fruitapp://product?deep_link_value=apples")!
    static let oneLink = URL(
        string: "https://onelink-basic-app.onelink.me/H5hv?pid=Email&deep_link_value=apples")!

    @Test("Rule 23: SDK 7 takes a non-https URL as handleOpen, from every entry point", arguments: 0..<5)
    func sdk7Reroute(index: Int) async {
        let (name, entry) = Self.entries[index]
        let (sdk, log) = Self.makeSDK(.v7)
        await entry(sdk, Self.customScheme)
        await sdk.waitUntilIdle()
        #expect(
            log.entries.contains { $0.rule == .linkOpen && $0.message.contains("handled as handleOpen") },
            "\(name)")
        #expect(sdk.deliveredEvents.count == 1, "\(name)")
    }

    @Test("SDK 6 keeps the universal-link route for the same URL, from every entry point", arguments: 0..<5)
    func sdk6NoReroute(index: Int) async {
        let (name, entry) = Self.entries[index]
        let (sdk, log) = Self.makeSDK(.v6)
        await entry(sdk, Self.customScheme)
        await sdk.waitUntilIdle()
        #expect(!log.entries.contains { $0.message.contains("handled as handleOpen") }, "\(name)")
        #expect(sdk.deliveredEvents.count == 1, "\(name)")
    }

    @Test(
        "Rule 22: the cold-start link of handleLaunchOptions is delivered once, whichever entry passes it on again",
        arguments: 0..<5)
    func coldStartLinkOnce(index: Int) async {
        let (name, entry) = Self.entries[index]
        let (sdk, _) = Self.makeSDK(.v7)
        sdk.handleLaunchOptions(AppsFlyerLib.launchOptions(universalLink: Self.oneLink))
        await entry(sdk, Self.oneLink)
        await sdk.waitUntilIdle()
        #expect(sdk.deliveredEvents.map(\.callbackName) == ["didResolveDeepLink"], "\(name)")
        await entry(sdk, Self.oneLink)
        await sdk.waitUntilIdle()
        #expect(sdk.deliveredEvents.count == 2, "\(name): a later open of the same link is a new one")
    }

    @Test("Replay steps take the same path: the reroute and the single cold-start delivery")
    func replaySteps() async throws {
        let json = """
            {"name": "ingress", "sdk": {"version": 7, "mode": "udl", "debug": true},
             "backend": {"install": "organic", "shortLinks": {"H5hv/6d66214a": {"deep_link_value": "apples"}},
                         "behaviour": {"shortLinks": {"delay": "1s"}}},
             "steps": [
               {"do": "universalLink", "url": "\(Self.shortLink)"},
               {"do": "start"},
               {"do": "universalLink", "url": "\(Self.shortLink)"},
               {"do": "advance", "by": "1s"},
               {"do": "universalLink", "url": "\(Self.customScheme.absoluteString)"}
             ]}
            """
        let result = try await ScenarioRunner().run(Scenario(json: Array(json.utf8), file: "ingress.json"))
        let callbacks = result.steps.map {
            $0.observations.filter { $0.output == "didResolveDeepLink" }.count
        }
        #expect(
            callbacks == [0, 0, 0, 1, 1], "the cold-start link once, though the launch passed it on again")
        let logs = result.steps[4].observations.filter { $0.output == "log" }
        #expect(
            logs.contains { $0.fields["message"].map { "\($0)" }?.contains("handled as handleOpen") == true })
    }

    static let shortLink = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"
}
