import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite("Device state, delegates and the debug log", .timeLimit(.minutes(5)))
struct SDKStateAndDelegateTests {
    @Test("Rule 10: the file-backed store keeps the install across SDK instances")
    func fileStorePersists() async throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("onelink-\(UUID().uuidString)/device.json")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let fixture = SDKFixture(store: FileDeviceStore(url: url))
        await fixture.sdk.perform(.start)
        let saved = try #require(try FileDeviceStore(url: url).load())
        #expect(saved.firstLaunchDelivered)
        #expect(saved.conversionData?["af_status"] == "Organic")
        let (relaunched, _) = fixture.relaunched()
        let events = await relaunched.perform(.start)
        #expect(events.first?.payload?["is_first_launch"] == .bool(false))
    }

    @Test("Rule 10: a corrupt state file is reported and treated as a fresh install")
    func corruptFile() async throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("onelink-\(UUID().uuidString)/device.json")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"device_id\": ".utf8).write(to: url)
        #expect(throws: StorageError.self) { try FileDeviceStore(url: url).load() }
        let fixture = SDKFixture(store: FileDeviceStore(url: url))
        let events = await fixture.sdk.perform(.start)
        #expect(events.first?.payload?["is_first_launch"] == .bool(true))
        #expect(fixture.log.entries(rule: "device.corrupt").count == 1)
        #expect(try FileDeviceStore(url: url).load()?.sessionCount == 1)
    }

    @Test("Rule 10: simulating a reinstall takes one call and brings is_first_launch back")
    func reinstall() async throws {
        let fixture = SDKFixture()
        await fixture.sdk.perform(.start)
        let firstID = try #require(fixture.sdk.deviceID)
        await fixture.sdk.simulateReinstall()
        let events = await fixture.sdk.perform(.start)
        #expect(events.first?.payload?["is_first_launch"] == .bool(true))
        #expect(fixture.sdk.deviceID != firstID)
        #expect(fixture.conversion.requests.count == 2)
    }

    @Test("Rule 11: delegates are weak, and callbacks with no delegate are dropped but still published")
    func weakDelegates() async throws {
        let fixture = SDKFixture()
        var temporary: CallbackRecorder? = CallbackRecorder()
        weak let weakReference = temporary
        fixture.sdk.delegate = temporary
        temporary = nil
        #expect(weakReference == nil)
        #expect(fixture.sdk.delegate == nil)
        let events = await fixture.sdk.perform(.start)
        #expect(events.map(\.callbackName) == ["onConversionDataSuccess"])
        #expect(fixture.log.entries(rule: "delegate.missing").count == 1)

        let late = CallbackRecorder()
        fixture.sdk.delegate = late
        #expect(late.callbacks.isEmpty)
        await fixture.clock.advance(by: .seconds(5))
        await fixture.sdk.perform(.start)
        guard case .conversionData(let data)? = late.callbacks.first else {
            Issue.record("expected a delivery to the new delegate")
            return
        }
        #expect(data["is_first_launch"] as? Bool == false)
    }

    @Test("The events stream publishes every callback in order")
    func eventStream() async {
        let fixture = SDKFixture()
        let stream = fixture.sdk.events
        await fixture.sdk.perform(.start)
        await fixture.sdk.perform(.openURL("afbasicapp://mainactivity?deep_link_value=apples"))
        var names: [String] = []
        for await event in stream {
            names.append(event.callbackName)
            if names.count == 2 { break }
        }
        #expect(names == ["onConversionDataSuccess", "onAppOpenAttribution"])
    }

    @Test("Rule 13: with isDebug on, every decision is logged with its rule, backend and duration")
    func debugLog() async throws {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]])
        fixture.resolver.behavior = .delayed(.milliseconds(120))
        fixture.sdk.submit(.universalLink("https://app.onelink.me/H5hv/abc"))
        await fixture.sdk.settle()
        await fixture.clock.advance(by: .milliseconds(120))
        await fixture.sdk.waitUntilIdle()
        let resolution = try #require(fixture.log.entries(rule: "link.shortLink").first)
        #expect(resolution.backend == "InMemoryShortLinkResolver")
        #expect(resolution.duration == .milliseconds(120))
        #expect(!fixture.log.entries(rule: "link.openAttribution").isEmpty)
        fixture.sdk.isDebug = false
        let count = fixture.log.entries.count
        await fixture.sdk.perform(.start)
        #expect(fixture.log.entries.count == count)
    }
}

@Suite("Histories that grow with use are bounded", .timeLimit(.minutes(5)))
struct SDKBoundedHistoryTests {
    @Test("deliveredEvents keeps the newest deliveredEventLimit events and counts the dropped ones")
    func deliveredEventsBounded() async {
        let fixture = SDKFixture()
        fixture.sdk.deliveredEventLimit = 3
        for index in 0..<5 {
            await fixture.sdk.perform(.universalLink("https://app.onelink.me/H5hv?n=\(index)"))
        }
        #expect(fixture.sdk.deliveredEvents.compactMap { $0.payload?["n"]?.stringValue } == ["2", "3", "4"])
        #expect(fixture.sdk.droppedEventCount == 2)
        #expect(fixture.delegate.callbacks.count == 5, "delegates still get every callback")
        #expect(
            AppsFlyerLib(clock: ManualClock()).deliveredEventLimit == AppsFlyerLib.defaultDeliveredEventLimit)
    }

    @Test("The in-memory launch, event, link-creation and purchase backends keep at most their history limit")
    func backendHistoriesBounded() async throws {
        let launches = InMemoryLaunchRecorder()
        launches.requestHistoryLimit = 2
        let events = InMemoryEventRecorder()
        events.eventHistoryLimit = 2
        for index in 0..<4 {
            _ = try await launches.recordLaunch(
                LaunchRequest(
                    appID: "1", devKey: "k", deviceID: "d\(index)", sessionCount: index, device: DeviceInfo())
            )
            _ = try await events.recordEvent(
                InAppEvent(appID: "1", devKey: "k", deviceID: "d\(index)", name: "e", time: Date()))
        }
        #expect(launches.requests.map(\.deviceID) == ["d2", "d3"])
        #expect(launches.droppedRequestCount == 2)
        #expect(events.events.map(\.deviceID) == ["d2", "d3"])
        #expect(events.droppedEventCount == 2)
        #expect(
            InMemoryShortLinkCreator(resolver: InMemoryShortLinkResolver()).requestHistoryLimit
                == RequestHistory.defaultLimit)
        #expect(InMemoryPurchaseValidator().requestHistoryLimit == RequestHistory.defaultLimit)
    }
}
