import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite("Sessions, cached conversion data and is_first_launch", .timeLimit(.minutes(5)))
struct SDKSessionTests {
    let nonOrganic: AttributionPayload = [
        "af_status": "Non-organic", "media_source": "Email", "campaign": "fruit_of_the_month",
        "deep_link_value": "apples", "install_time": "2020-08-12 15:08:33.335",
    ]

    @Test("Rule 1: the first session fetches, caches, and flags is_first_launch = 1")
    func firstSessionFetchesAndFlags() async throws {
        let fixture = SDKFixture(attribution: .nonOrganic(nonOrganic))
        let events = await fixture.sdk.perform(.start)
        #expect(events.count == 1)
        let payload = try #require(events.first?.payload)
        #expect(payload["is_first_launch"] == .bool(true))
        #expect(payload["media_source"] == "Email")
        #expect(fixture.conversion.requests.count == 1)
        #expect(fixture.conversion.requests.first?.appID == "123456789")
        let cached = try #require(try fixture.store.load()?.conversionData)
        #expect(cached["is_first_launch"] == nil)
        #expect(cached == nonOrganic)
        let call = try #require(fixture.delegate.callbacks.first)
        guard case .conversionData(let data) = call else {
            Issue.record("expected onConversionDataSuccess, got \(call.name)")
            return
        }
        #expect(data["is_first_launch"] as? Bool == true)
        #expect(data["media_source"] as? String == "Email")
    }

    @Test("Rule 1: later sessions deliver the cached data unchanged except is_first_launch = 0")
    func laterSessionsUseCache() async throws {
        let fixture = SDKFixture(attribution: .nonOrganic(nonOrganic))
        let first = await fixture.sdk.perform(.start)
        await fixture.clock.advance(by: .seconds(5))
        let second = await fixture.sdk.perform(.start)
        #expect(fixture.conversion.requests.count == 1)
        let firstPayload = try #require(first.first?.payload)
        let secondPayload = try #require(second.first?.payload)
        #expect(secondPayload["is_first_launch"] == .bool(false))
        #expect(
            firstPayload.removing(["is_first_launch", "iscache"])
                == secondPayload.removing(["is_first_launch", "iscache"]))
        // Issue 25 item 4: non-organic data has iscache true on the first launch too (the dev hub's
        // deferred sample, appsflyer-unity-plugin#29) and later (react-native-appsflyer#374).
        #expect(firstPayload["iscache"] == .bool(true))
        #expect(secondPayload["iscache"] == .bool(true))
    }

    @Test("Rule 1: a return to foreground within minTimeBetweenSessions starts no session")
    func minTimeBetweenSessions() async {
        let fixture = SDKFixture()
        await fixture.sdk.perform(.start)
        await fixture.clock.advance(by: .milliseconds(4999))
        let tooSoon = await fixture.sdk.perform(.start)
        #expect(tooSoon.isEmpty)
        await fixture.clock.advance(by: .milliseconds(1))
        let allowed = await fixture.sdk.perform(.start)
        #expect(allowed.map(\.callbackName) == ["onConversionDataSuccess"])
        #expect(fixture.sdk.sessionCount == 2)
        #expect(!fixture.log.entries(rule: "session.minTimeBetweenSessions").isEmpty)
    }

    @Test("Rule 1: minTimeBetweenSessions is configurable")
    func minTimeConfigurable() async {
        let fixture = SDKFixture()
        fixture.sdk.minTimeBetweenSessions = 60
        await fixture.sdk.perform(.start)
        await fixture.clock.advance(by: .seconds(30))
        #expect(await fixture.sdk.perform(.start).isEmpty)
        await fixture.clock.advance(by: .seconds(30))
        #expect(await fixture.sdk.perform(.start).count == 1)
    }

    @Test("Rule 1: is_first_launch stays used up across a process restart")
    func firstLaunchAcrossRestart() async throws {
        let fixture = SDKFixture(attribution: .nonOrganic(nonOrganic))
        await fixture.sdk.perform(.start)
        let (relaunched, delegate) = fixture.relaunched()
        let events = await relaunched.perform(.start)
        #expect(try #require(events.first?.payload)["is_first_launch"] == .bool(false))
        #expect(fixture.conversion.requests.count == 1)
        #expect(delegate.names == ["onConversionDataSuccess"])
    }

    @Test(
        "Rule 2: a failed fetch calls onConversionDataFail, retries next session, keeps the first-launch flag"
    )
    func failureRetries() async throws {
        let fixture = SDKFixture(attribution: .failure(.httpStatus(code: 404, reason: "no data yet")))
        let failed = await fixture.sdk.perform(.start)
        #expect(failed == [.conversionDataFail(.httpStatus(code: 404, reason: "no data yet"))])
        guard case .conversionDataFailure(let error)? = fixture.delegate.callbacks.first else {
            Issue.record("expected onConversionDataFail")
            return
        }
        #expect(AttributionError(wrapping: error).explanation.contains("no data yet"))
        fixture.conversion.attribution = .organic
        await fixture.clock.advance(by: .seconds(5))
        let retried = await fixture.sdk.perform(.start)
        #expect(fixture.conversion.requests.count == 2)
        #expect(try #require(retried.first?.payload)["is_first_launch"] == .bool(true))
    }

    @Test("Rule 2: malformed data from a backend is a failure with a descriptive error")
    func malformedDataFails() async {
        let fixture = SDKFixture()
        fixture.conversion.behavior = .failing(.invalidResponse("body is not a JSON object"))
        let events = await fixture.sdk.perform(.start)
        #expect(events == [.conversionDataFail(.invalidResponse("body is not a JSON object"))])
        #expect(events.first?.error?.kind == .unexpected)
    }

    @Test("Rule 2: a conversion fetch that overruns its timeout fails with a timeout error")
    func conversionTimeout() async {
        let fixture = SDKFixture()
        fixture.conversion.behavior = .stalled
        fixture.sdk.conversionDataTimeout = 2000
        fixture.sdk.start(completionHandler: nil)
        await fixture.sdk.settle()
        await fixture.clock.advance(by: .seconds(2))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents == [.conversionDataFail(.timedOut(milliseconds: 2000))])
    }

    @Test("Rule 3: an organic install delivers af_status, af_message, install_time and is_first_launch")
    func organicInstall() async throws {
        let fixture = SDKFixture(attribution: .organic)
        let events = await fixture.sdk.perform(.start)
        let payload = try #require(events.first?.payload)
        #expect(
            payload == [
                "af_status": "Organic", "af_message": "organic install",
                "install_time": "2020-08-12 15:08:00.000", "is_first_launch": true,
            ],
            "exactly four keys, no iscache (appsflyer-flutter-plugin#397, AppsFlyerFramework#253)")
        await fixture.clock.advance(by: .seconds(6))
        let later = try #require(await fixture.sdk.perform(.start).first?.payload)
        #expect(later["iscache"] == nil, "no iscache from the cache either (react-native-appsflyer#505)")
        #expect(later.values.count == 4)
    }

    @Test("Rule 12: start() without a dev key or app ID reports a developer error and starts no session")
    func developerError() async {
        let fixture = SDKFixture(udl: true)
        fixture.sdk.appsFlyerDevKey = ""
        let events = await fixture.sdk.perform(.start)
        let expected = AttributionError.developerError(
            "start() needs appsFlyerDevKey; no session was started")
        #expect(events == [.conversionDataFail(expected), .deepLink(.failure(expected))])
        #expect(events.first?.error?.kind == .developerError)
        #expect(fixture.conversion.requests.isEmpty)
        #expect(fixture.sdk.sessionCount == 0)

        fixture.sdk.appsFlyerDevKey = "DEV_KEY"
        fixture.sdk.appleAppID = ""
        let second = await fixture.sdk.perform(.start)
        #expect(
            second.first
                == .conversionDataFail(.developerError("start() needs appleAppID; no session was started")))
    }
}
