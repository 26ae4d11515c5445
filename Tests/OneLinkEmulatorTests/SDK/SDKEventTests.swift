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

    @Test("an anonymized user's events are sent without the customer user ID; the completion succeeds")
    func anonymizedSendsWithoutIdentifiers() async throws {
        let fixture = EventFixture()
        let log = CompletionLog()
        fixture.sdk.customerUserID = "user-42"
        fixture.sdk.anonymizeUser = true
        fixture.sdk.logEvent(name: AFEventLogin, values: ["method": "mail"]) { log.record($0, $1) }
        fixture.sdk.logLocation(longitude: 1, latitude: 2)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.events.events.map(\.name) == [AFEventLogin, AFEventLocation])
        #expect(fixture.events.events.allSatisfy { $0.customerUserID == nil })
        #expect(fixture.events.events.first?.values == ["method": "mail"])
        #expect(log.all.first?.error == nil)
        #expect(log.all.first?.response?["status"] as? String == "ok")
        fixture.sdk.anonymizeUser = false
        fixture.sdk.logEvent(AFEventLogin, withValues: nil)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.events.events.last?.customerUserID == "user-42")
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

/// The legacy purchase validation, deprecated since 6.17.8 and still tested: called through this
/// protocol, whose requirement is not deprecated, so the suite builds without a deprecation warning
/// (warnings are errors in CI).
protocol LegacyPurchaseValidation {
    func validateAndLog(
        inAppPurchase productIdentifier: String?, price: String?, currency: String?, transactionId: String?,
        additionalParameters params: [AnyHashable: Any]?,
        success successBlock: (([AnyHashable: Any]) -> Void)?,
        failure failedBlock: (((any Error)?, Any?) -> Void)?)
}

extension AppsFlyerLib: LegacyPurchaseValidation {}

@Suite("Purchase validation", .timeLimit(.minutes(5)))
struct SDKPurchaseValidationTests {
    private func validate(_ fixture: EventFixture, transaction: String?, log: PurchaseLog) async {
        (fixture.sdk as any LegacyPurchaseValidation).validateAndLog(
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

/// `anonymizeUser` as the dev hub's iOS privacy page describes it: everything is sent, without
/// identifiers; only `isStopped` stops sending (Docs/behaviour.md, rule 27).
@Suite("anonymizeUser sends without identifiers", .timeLimit(.minutes(5)))
struct SDKAnonymizedSendingTests {
    @Test(
        "ad revenue, both purchase forms and the legacy one are sent; completions succeed; no customer user ID"
    )
    func revenueAndPurchases() async throws {
        let fixture = EventFixture()
        fixture.sdk.customerUserID = "user-42"
        fixture.sdk.anonymizeUser = true
        let outcomes = Locked<[String]>([])
        fixture.sdk.logAdRevenue(
            AFAdRevenueData(
                monetizationNetwork: "facebook", mediationNetwork: .googleAdMob, currencyIso4217Code: "USD",
                eventRevenue: 0.01),
            additionalParameters: nil)
        fixture.sdk.validateAndLogInAppPurchase(
            purchaseDetails: AFSDKPurchaseDetails(
                productId: "com.example.gold", transactionId: "t-617", purchaseType: .subscription),
            purchaseAdditionalDetails: nil
        ) { response, error in
            outcomes.withLock { $0.append(error == nil && response != nil ? "617 ok" : "617 error") }
        }
        fixture.sdk.validateAndLogInAppPurchase(
            AFSDKPurchaseDetails(
                productId: "com.example.gold", price: "1.99", currency: "USD", transactionId: "t-616"),
            extraEventValues: nil
        ) { result in outcomes.withLock { $0.append(result?.status == .success ? "616 ok" : "616 error") } }
        (fixture.sdk as any LegacyPurchaseValidation).validateAndLog(
            inAppPurchase: "com.example.gold", price: "0.99", currency: "USD", transactionId: "t-legacy",
            additionalParameters: nil, success: { _ in outcomes.withLock { $0.append("legacy ok") } },
            failure: { _, _ in outcomes.withLock { $0.append("legacy error") } })
        await fixture.sdk.waitUntilIdle()
        #expect(outcomes.value == ["617 ok", "616 ok", "legacy ok"])
        #expect(fixture.validator.requests.map(\.transactionID) == ["t-617", "t-616", "t-legacy"])
        #expect(
            fixture.events.events.map(\.name) == [
                "af_ad_revenue", "af_purchase", "af_purchase", "af_purchase",
            ])
        #expect(fixture.events.events.allSatisfy { $0.customerUserID == nil })
    }

    @Test("isStopped still stops everything, anonymized or not")
    func stoppedStillStops() async throws {
        let fixture = EventFixture()
        fixture.sdk.anonymizeUser = true
        fixture.sdk.isStopped = true
        let log = CompletionLog()
        fixture.sdk.logEvent(name: AFEventLogin, values: nil) { log.record($0, $1) }
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.events.events.isEmpty)
        #expect(log.all.first?.error as? AttributionError == .sdkStopped)
    }
}

/// `validateAndLogInAppPurchase(_:extraEventValues:completionHandler:)`, the 6.14.1–6.17.1 form.
@Suite("Purchase validation, the 6.14.1 form", .timeLimit(.minutes(5)))
struct SDKValidateAndLogResultTests {
    static func details(_ transaction: String?, currency: String? = "EUR") -> AFSDKPurchaseDetails {
        AFSDKPurchaseDetails(
            productId: "com.example.gems", price: "4.99", currency: currency, transactionId: transaction)
    }

    @Test(
        "a confirmed purchase: .success with the response on the main queue, and an af_purchase with price, currency and the extra values"
    )
    func success() async throws {
        let fixture = EventFixture()
        let results = Locked<[(ValidateAndLogResult?, Bool)]>([])
        fixture.sdk.validateAndLogInAppPurchase(Self.details("1000000123"), extraEventValues: ["level": 3]) {
            result in results.withLock { $0.append((result, MainQueue.isCurrent)) }
        }
        await fixture.sdk.waitUntilIdle()
        let (result, onMain) = try #require(results.value.first)
        #expect(onMain)
        #expect(result?.status == .success)
        #expect(result?.result?["status"] as? Int == 0)
        #expect(result?.errorData == nil && result?.error == nil)
        #expect(fixture.validator.requests.first?.price == "4.99")
        #expect(fixture.validator.requests.first?.currency == "EUR")
        #expect(
            fixture.events.events.first?.values == [
                "af_revenue": "4.99", "af_currency": "EUR", "af_content_id": "com.example.gems",
                "af_receipt_id": "1000000123", "af_validated": true, "level": 3,
            ])
    }

    @Test(
        "a purchase the store does not confirm is .failure with the answer in errorData; a validator error is .error"
    )
    func failureAndError() async throws {
        let fixture = EventFixture(invalidTransactions: ["bad"])
        let invalid = await fixture.sdk.validateAndLogInAppPurchase(
            Self.details("bad"), extraEventValues: nil)
        #expect(invalid?.status == .failure)
        #expect(invalid?.errorData?["status"] as? Int == 21003)
        #expect(invalid?.result == nil && invalid?.error == nil)
        fixture.validator.behavior = .failing(.connectionFailed("offline"))
        let failed = await fixture.sdk.validateAndLogInAppPurchase(Self.details("1"), extraEventValues: nil)
        #expect(failed?.status == .error)
        #expect(failed?.error as? AttributionError == .connectionFailed("offline"))
        #expect(fixture.events.events.isEmpty)
    }

    @Test(
        "nil or empty IDs are refused with a developer error and nothing is sent; no currency falls back to currencyCode"
    )
    func refusedAndCurrencyFallback() async throws {
        let fixture = EventFixture()
        let refused = await fixture.sdk.validateAndLogInAppPurchase(Self.details(nil), extraEventValues: nil)
        #expect(refused?.status == .error)
        #expect(
            refused?.error as? AttributionError
                == .developerError("AFSDKPurchaseDetails needs a non-empty transactionId; nothing was sent"))
        #expect(fixture.validator.requests.isEmpty)
        fixture.sdk.currencyCode = "GBP"
        let sent = await fixture.sdk.validateAndLogInAppPurchase(
            Self.details("2", currency: nil), extraEventValues: nil)
        #expect(sent?.status == .success)
        #expect(fixture.events.events.first?.values["af_currency"] == "GBP")
        #expect(
            fixture.events.events.first?.values["af_purchase_type"] == nil,
            "the 6.14.1 form has no purchase type")
    }

    @Test("the two AFSDKPurchaseDetails forms read as their headers say")
    func detailsForms() {
        let old = AFSDKPurchaseDetails(productId: nil, price: "1.99", currency: "USD", transactionId: "t")
        #expect(
            old.productId == "" && old.transactionId == "t" && old.price == "1.99" && old.currency == "USD")
        let new = AFSDKPurchaseDetails(productId: "p", transactionId: "t", purchaseType: .subscription)
        #expect(new.purchaseType == .subscription && new.price == nil && new.currency == nil)
        let result = ValidateAndLogResult(
            status: .failure, result: nil, errorData: ["status": 21003], error: nil)
        #expect(result.status == .failure && result.errorData?["status"] as? Int == 21003)
        #expect(ValidateAndLogStatus(rawValue: 2) == .error)
    }
}
