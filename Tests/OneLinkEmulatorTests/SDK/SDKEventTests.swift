import Foundation
import OneLinkEmulator
import OneLinkSupport
import Testing

/// Collects what completion handlers received, from whichever queue called them.
final class CompletionLog: @unchecked Sendable {
    // @unchecked: the responses are Foundation dictionaries, not Sendable; they live in a Locked.
    private let entries = Locked<[(response: [String: Any]?, error: (any Error)?, onMain: Bool)]>([])

    func record(_ response: [String: Any]?, _ error: (any Error)?) {
        entries.withLock { $0.append((response, error, MainQueue.isCurrent)) }
    }

    var all: [(response: [String: Any]?, error: (any Error)?, onMain: Bool)] { entries.value }
}

/// An SDK with an in-memory event recorder and purchase validator on a manual clock.
struct EventFixture {
    let clock = ManualClock()
    let events: InMemoryEventRecorder
    let validator: InMemoryPurchaseValidator
    let launches: InMemoryLaunchRecorder
    let sdk: AppsFlyerLib

    init(eventBehavior: InMemoryBehavior = .immediate, invalidTransactions: Set<String> = []) {
        events = InMemoryEventRecorder(behavior: eventBehavior, clock: clock)
        validator = InMemoryPurchaseValidator(invalidTransactionIDs: invalidTransactions, clock: clock)
        launches = InMemoryLaunchRecorder(clock: clock)
        sdk = AppsFlyerLib(
            launchRecorder: launches, clock: clock, logSink: RecordingDebugLogSink(), eventRecorder: events,
            purchaseValidator: validator)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
    }
}

@Suite("In-app events", .timeLimit(.minutes(5)))
struct SDKEventTests {
    @Test("logEvent(_:withValues:) sends the name, values, customerUserID, currencyCode and device ID")
    func logEventCarriesIdentity() async throws {
        let fixture = EventFixture()
        fixture.sdk.customerUserID = "user-42"
        fixture.sdk.currencyCode = "EUR"
        fixture.sdk.logEvent(
            AFEventPurchase, withValues: [AFEventParamRevenue: 9.99, AFEventParamContentId: "092"])
        await fixture.sdk.waitUntilIdle()
        let event = try #require(fixture.events.events.first)
        #expect(fixture.events.events.count == 1)
        #expect(event.name == "af_purchase")
        #expect(event.values == ["af_revenue": 9.99, "af_content_id": "092"])
        #expect(event.customerUserID == "user-42")
        #expect(event.currencyCode == "EUR")
        #expect(event.appID == "123456789")
        #expect(event.devKey == "DEV_KEY")
        #expect(event.deviceID == fixture.sdk.getAppsFlyerUID())
        #expect(event.time == ManualClock.defaultStart)
    }

    @Test("logEvent(name:values:completionHandler:) reports the backend's response on the main queue")
    func completionSuccessOnMain() async throws {
        let fixture = EventFixture()
        let log = CompletionLog()
        fixture.sdk.logEvent(name: AFEventLogin, values: [AFEventParamRegistrationMethod: "mail"]) {
            log.record($0, $1)
        }
        await fixture.sdk.waitUntilIdle()
        let entry = try #require(log.all.first)
        #expect(entry.error == nil)
        #expect(entry.response?["status"] as? String == "ok")
        #expect(entry.onMain)
        #expect(fixture.events.events.map(\.name) == ["af_login"])
    }

    @Test("the completion receives the backend's error")
    func completionFailure() async throws {
        let fixture = EventFixture(eventBehavior: .failing(.httpStatus(code: 500, reason: "down")))
        let log = CompletionLog()
        fixture.sdk.logEvent(name: AFEventLogin, values: nil) { log.record($0, $1) }
        await fixture.sdk.waitUntilIdle()
        let entry = try #require(log.all.first)
        #expect(entry.response == nil)
        #expect(entry.error as? AttributionError == .httpStatus(code: 500, reason: "down"))
    }

    @Test("the async form returns the response or throws the backend's error")
    func asyncForm() async throws {
        let fixture = EventFixture()
        let response = try await fixture.sdk.logEvent(
            name: AFEventSearch, values: [AFEventParamSearchString: "shoes"])
        #expect(response["status"] as? String == "ok")
        fixture.events.behavior = .failing(.timedOut(milliseconds: 1))
        await #expect(throws: AttributionError.timedOut(milliseconds: 1)) {
            try await fixture.sdk.logEvent(name: AFEventSearch, values: nil)
        }
    }

    @Test("no event is sent while the SDK is stopped; the completion says why")
    func stoppedRefuses() async throws {
        let fixture = EventFixture()
        let log = CompletionLog()
        fixture.sdk.isStopped = true
        fixture.sdk.logEvent(AFEventLogin, withValues: nil)
        fixture.sdk.logEvent(name: AFEventLogin, values: nil) { log.record($0, $1) }
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.events.events.isEmpty)
        #expect(
            log.all.first?.error as? AttributionError
                == .sdkStopped)
        fixture.sdk.isStopped = false
        fixture.sdk.logEvent(AFEventLogin, withValues: nil)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.events.events.count == 1)
    }

    @Test("no event is sent while the user is anonymized; the completion says why")
    func anonymizedRefuses() async throws {
        let fixture = EventFixture()
        let log = CompletionLog()
        fixture.sdk.anonymizeUser = true
        fixture.sdk.logEvent(name: AFEventLogin, values: nil) { log.record($0, $1) }
        fixture.sdk.logLocation(longitude: 1, latitude: 2)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.events.events.isEmpty)
        #expect(
            log.all.first?.error as? AttributionError
                == .developerError("the user is anonymized (anonymizeUser); no in-app event is sent"))
    }

    @Test("events keep the order they were logged in, after the session that was started first")
    func ordered() async throws {
        let fixture = EventFixture(eventBehavior: .delayed(.seconds(1)))
        fixture.sdk.callbackDelivery = .sdkQueue
        fixture.sdk.submit(.start)
        for index in 0..<5 { fixture.sdk.logEvent("event_\(index)", withValues: ["index": index]) }
        while !fixture.sdk.isIdle {
            await fixture.sdk.settle()
            await fixture.clock.advance(by: .seconds(1))
        }
        #expect(fixture.launches.requests.count == 1)
        #expect(fixture.events.events.map(\.name) == (0..<5).map { "event_\($0)" })
    }

    @Test("logLocation sends af_location_coordinates with af_long and af_lat, as the header documents")
    func location() async throws {
        let fixture = EventFixture()
        fixture.sdk.logLocation(longitude: 34.78, latitude: 32.08)
        await fixture.sdk.waitUntilIdle()
        let event = try #require(fixture.events.events.first)
        #expect(event.name == "af_location_coordinates")
        #expect(event.values == ["af_long": 34.78, "af_lat": 32.08])
    }

    @Test("values with no JSON equivalent are refused, not sent")
    func nonJSONValues() async throws {
        let fixture = EventFixture()
        let log = CompletionLog()
        fixture.sdk.logEvent(name: "bad", values: ["when": Date()]) { log.record($0, $1) }
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.events.events.isEmpty)
        guard case .developerError(let message)? = log.all.first?.error as? AttributionError else {
            Issue.record("expected a developer error, got \(log.all)")
            return
        }
        #expect(message.hasPrefix("the values of event bad cannot be sent"))
    }

    @Test("every AFEvent* and AFEventParam* constant has the header's value")
    func constants() {
        #expect(allAFEventNames.count == 27)
        #expect(allAFEventParameterNames.count == 78)
        let pairs = allAFEventNames + allAFEventParameterNames
        #expect(Set(pairs.map(\.value)).count == pairs.count)
        #expect(AFEventPurchase == "af_purchase")
        #expect(AFEventInvite == "af_invite")
        #expect(AFEventLocation == "af_location_coordinates")
        #expect(AFEventTutorial_completion == "af_tutorial_completion")
        #expect(AFEventOpenedFromPushNotification == "af_opened_from_push_notification")
        #expect(AFEventParamRevenue == "af_revenue")
        #expect(AFEventProjectedParamRevenue == "af_projected_revenue")
        #expect(AFEventParamNetworkToken == "net_token")
        #expect(AFEventParamTouch == "af_touch_obj")
        #expect(AFEventParam10 == "af_param_10")
        #expect(AFEventParamAdRevenueMediatedNetworkName == "af_adrev_mediated_network_name")
        for (name, value) in pairs where name != "AFEventParamNetworkToken" {
            #expect(value.hasPrefix("af_"), "\(name)")
        }
    }
}

/// Collects what the purchase blocks received.
final class PurchaseLog: @unchecked Sendable {
    // @unchecked: the responses are Foundation values, not Sendable; they live in a Locked.
    private struct Calls {
        var successes: [[AnyHashable: Any]] = []
        var failures: [(error: (any Error)?, response: Any?)] = []
        var queues: [Bool] = []
    }
    private let calls = Locked(Calls())

    func success(_ response: [AnyHashable: Any]) {
        calls.withLock {
            $0.successes.append(response)
            $0.queues.append(MainQueue.isCurrent)
        }
    }

    /// Whether each call of either block came on the main queue.
    var onMain: [Bool] { calls.value.queues }

    func failure(_ error: (any Error)?, _ response: Any?) {
        calls.withLock {
            $0.failures.append((error, response))
            $0.queues.append(MainQueue.isCurrent)
        }
    }

    var succeeded: [[AnyHashable: Any]] { calls.value.successes }

    var failed: [(error: (any Error)?, response: Any?)] { calls.value.failures }
}

@Suite("Purchase validation", .timeLimit(.minutes(5)))
struct SDKPurchaseValidationTests {
    private func validate(_ fixture: EventFixture, transaction: String?, log: PurchaseLog) async {
        fixture.sdk.validateAndLog(
            inAppPurchase: "com.example.gems", price: "4.99", currency: "USD", transactionId: transaction,
            additionalParameters: ["level": 3], success: { log.success($0) }, failure: { log.failure($0, $1) }
        )
        await fixture.sdk.waitUntilIdle()
    }

    @Test("a confirmed purchase calls success with the response and logs a validated af_purchase")
    func valid() async throws {
        let fixture = EventFixture()
        let log = PurchaseLog()
        await validate(fixture, transaction: "1000000123", log: log)
        let response = try #require(log.succeeded.first)
        #expect(response["status"] as? Int == 0)
        #expect(log.failed.isEmpty)
        #expect(log.onMain == [true])
        #expect(fixture.validator.requests.first?.transactionID == "1000000123")
        let event = try #require(fixture.events.events.first)
        #expect(event.name == "af_purchase")
        #expect(
            event.values == [
                "af_revenue": "4.99", "af_currency": "USD", "af_content_id": "com.example.gems",
                "af_receipt_id": "1000000123", "af_validated": true, "level": 3,
            ])
    }

    @Test("a purchase the store does not confirm calls failure(nil, response) and logs nothing")
    func invalid() async throws {
        let fixture = EventFixture(invalidTransactions: ["bad"])
        let log = PurchaseLog()
        await validate(fixture, transaction: "bad", log: log)
        let failure = try #require(log.failed.first)
        #expect(failure.error == nil)
        #expect(log.onMain == [true])
        #expect((failure.response as? [AnyHashable: Any])?["status"] as? Int == 21003)
        #expect(log.succeeded.isEmpty)
        #expect(fixture.events.events.isEmpty)
    }

    @Test("a validator that fails calls failure(error, nil); a stopped SDK sends nothing")
    func validatorErrorAndStopped() async throws {
        let fixture = EventFixture()
        fixture.validator.behavior = .failing(.connectionFailed("offline"))
        let log = PurchaseLog()
        await validate(fixture, transaction: "1", log: log)
        #expect(log.failed.first?.error as? AttributionError == .connectionFailed("offline"))
        #expect(log.failed.first?.response == nil)
        fixture.validator.behavior = .immediate
        fixture.sdk.isStopped = true
        await validate(fixture, transaction: "2", log: log)
        #expect(
            log.failed.last?.error as? AttributionError
                == .sdkStopped)
        #expect(fixture.validator.requests.count == 1)
        #expect(fixture.events.events.isEmpty)
    }
}
