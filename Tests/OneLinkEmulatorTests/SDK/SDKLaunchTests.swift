import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkSupport
import Testing

@Suite("start(completionHandler:) and try await start(): the launch request", .timeLimit(.minutes(5)))
struct SDKLaunchTests {
    func fixture(validDevKeys: Set<String>? = nil, behavior: InMemoryBehavior = .immediate) -> SDKFixture {
        let fixture = SDKFixture()
        fixture.launches.validDevKeys = validDevKeys
        fixture.launches.behavior = behavior
        return fixture
    }

    @Test("An accepted launch: the handler gets the response first, then the conversion callbacks come")
    func accepted() async throws {
        let fixture = fixture()
        let launches = fixture.launches
        let order = Locked<[String]>([])
        fixture.sdk.start { response, error in
            order.withLock {
                $0.append("completion \(response?["status"] as? String ?? "nil") \(error == nil)")
            }
        }
        await fixture.sdk.waitUntilIdle()
        order.withLock { $0 += fixture.delegate.names }
        #expect(order.value == ["completion ok true", "onConversionDataSuccess"])
        #expect(launches.requests.map(\.sessionCount) == [1])
        #expect(launches.requests.first?.devKey == "DEV_KEY")
        #expect(launches.requests.first?.deviceID == fixture.sdk.deviceID)
    }

    @Test(
        "Rule 14: an invalid dev key is answered with 400: the handler and onConversionDataFail get the same error"
    )
    func rejectedDevKey() async throws {
        let fixture = fixture(validDevKeys: ["GOOD_KEY"])
        let launches = fixture.launches
        await #expect(throws: AttributionError.httpStatus(code: 400, reason: "invalid dev key")) {
            try await fixture.sdk.start()
        }
        await fixture.sdk.waitUntilIdle()
        #expect(
            fixture.sdk.deliveredEvents == [
                .conversionDataFail(.httpStatus(code: 400, reason: "invalid dev key"))
            ])
        #expect(fixture.conversion.requests.isEmpty, "no conversion data is requested for a rejected launch")

        fixture.sdk.appsFlyerDevKey = "GOOD_KEY"
        await fixture.clock.advance(by: .seconds(6))
        let response = try await fixture.sdk.start()
        #expect(response["status"] as? String == "ok")
        #expect(launches.requests.map(\.devKey) == ["DEV_KEY", "GOOD_KEY"])
    }

    @Test(
        "Rule 14: a plan that does not cover SDK traffic is answered 403: code 50, Status code failure: 403")
    func forbiddenByPlan() async {
        let fixture = fixture()
        fixture.launches.planCoversSDK = false
        var rejection: (any Error)?
        do { _ = try await fixture.sdk.start() } catch { rejection = error }
        await fixture.sdk.waitUntilIdle()
        let nsError = rejection as NSError?
        #expect(nsError?.domain == "com.appsflyer.sdk.network")
        #expect(nsError?.code == 50)
        #expect(nsError?.localizedDescription == "Status code failure: 403")
        #expect(
            fixture.sdk.deliveredEvents == [.conversionDataFail(.httpStatus(code: 403, reason: "forbidden"))])
    }

    @Test(
        "Rule 14: a session within minTimeBetweenSessions is skipped: com.appsflyer.sdk.event, code 10, and no callbacks"
    )
    func skipped() async throws {
        let fixture = fixture()
        _ = try await fixture.sdk.start()
        await fixture.sdk.waitUntilIdle()
        await fixture.clock.advance(by: .seconds(2))
        do {
            try await fixture.sdk.start()
            Issue.record("a second start within 5 s should throw")
        } catch {
            #expect(
                AttributionError(wrapping: error)
                    == .sessionSkipped(elapsedMilliseconds: 2000, minimumSeconds: 5))
            let nsError = error as NSError
            #expect(nsError.domain == "com.appsflyer.sdk.event")
            #expect(nsError.code == 10)
            #expect(nsError.localizedDescription == "Event timeout. Check `minTimeBetweenSessions` param")
            #expect(
                String(describing: error)
                    == #"Error Domain=com.appsflyer.sdk.event Code=10 "Event timeout. Check `minTimeBetweenSessions` param" UserInfo={NSLocalizedDescription=Event timeout. Check `minTimeBetweenSessions` param}"#
            )
        }
        #expect(fixture.delegate.names == ["onConversionDataSuccess"])
    }

    @Test("Missing keys: the handler gets the developer error, and no launch is sent")
    func missingKeys() async {
        let fixture = fixture()
        let launches = fixture.launches
        fixture.sdk.appleAppID = ""
        let error = await withCheckedContinuation { continuation in
            fixture.sdk.start { _, error in continuation.resume(returning: error) }
        }
        #expect(
            error as? AttributionError == .developerError("start() needs appleAppID; no session was started"))
        #expect(launches.requests.isEmpty)
    }

    @Test("Rule 1: a link opened inside minTimeBetweenSessions is delivered; only the session is skipped")
    func linkInsideMinTime() async {
        let fixture = fixture()
        await fixture.sdk.perform(.start)
        await fixture.clock.advance(by: .seconds(2))
        var skipped: (any Error)?
        do { _ = try await fixture.sdk.start() } catch { skipped = error }
        let opened = await fixture.sdk.perform(
            .openURL("https://onelink-basic-app.onelink.me/H5hv?pid=Email&deep_link_value=apples"))
        #expect((skipped as NSError?)?.code == 10)
        #expect(opened.map(\.callbackName) == ["onAppOpenAttribution"])
        #expect(fixture.delegate.names == ["onConversionDataSuccess", "onAppOpenAttribution"])
    }

    @Test("A launch that does not answer within the conversion-data limit times out on the clock")
    func launchTimeout() async {
        let fixture = fixture(behavior: .stalled)
        fixture.sdk.conversionDataTimeout = 2000
        let result = Locked<[String]>([])
        fixture.sdk.start { _, error in
            result.withLock { $0.append("\(error.map { ($0 as NSError).code } ?? -1)") }
        }
        await fixture.sdk.settle()
        #expect(result.value.isEmpty)
        await fixture.clock.advance(by: .milliseconds(2000))
        await fixture.sdk.waitUntilIdle()
        #expect(result.value == ["0"])
        #expect(fixture.sdk.deliveredEvents == [.conversionDataFail(.timedOut(milliseconds: 2000))])
    }

    @Test("getAppsFlyerUID() works before start() and the first session keeps the same ID")
    func uidBeforeStart() async throws {
        let fixture = fixture()
        let uid = fixture.sdk.getAppsFlyerUID()
        #expect(!uid.isEmpty)
        _ = try await fixture.sdk.start()
        #expect(fixture.sdk.deviceID == uid)
        #expect(fixture.sdk.getAppsFlyerUID() == uid)
    }
}

@Suite("getAppsFlyerUID() racing the first session", .timeLimit(.minutes(5)))
struct SDKUIDRaceTests {
    @Test(
        "Many getAppsFlyerUID() calls racing start() all see the install the session creates",
        arguments: 0..<20)
    func racingCallersAgree(round: Int) async {
        let fixture = SDKFixture()
        fixture.sdk.start(completionHandler: nil)
        let ids = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { fixture.sdk.getAppsFlyerUID() } }
            var ids: Set<String> = []
            for await id in group { ids.insert(id) }
            return ids
        }
        await fixture.sdk.waitUntilIdle()
        #expect(ids.count == 1, "round \(round): \(ids)")
        #expect(ids.first == fixture.sdk.deviceID)
    }
}
