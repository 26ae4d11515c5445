import Foundation
import OneLinkEmulator
import Testing

/// The 6.14.1–6.17.1 purchase validation, made as app code makes it, and what it sends.
@Suite("The SDK 6.14–6.16 purchase validation", .timeLimit(.minutes(5)))
struct Surface616Tests {
    let clock = ManualClock()
    let events: InMemoryEventRecorder
    let sdk: AppsFlyerLib

    init() {
        events = .inMemory(clock: clock)
        sdk = AppsFlyerLib(
            conversionDataSource: .inMemory(.organic, clock: clock), clock: clock, eventRecorder: events,
            purchaseValidator: .inMemory(invalidTransactionIDs: ["t-bad"], clock: clock))
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
    }

    @Test(
        "success, failure and error reach the status switch; a valid purchase logs af_purchase with price and currency"
    )
    func statuses() async throws {
        let replies = Collected<String>()
        Surface616.validate(sdk, transactionID: "t-1") { replies.append($0) }
        Surface616.validate(sdk, transactionID: "t-bad") { replies.append($0) }
        Surface616.validate(sdk, transactionID: "") { replies.append($0) }
        await sdk.waitUntilIdle()
        #expect(replies.values == ["success 0", "failure 21003", "error com.appsflyer.sdk.network"])
        #expect(events.events.map(\.name) == ["af_purchase"])
        let values = try #require(events.events.first?.values)
        #expect(values["af_revenue"] == "1.99")
        #expect(values["af_currency"] == "USD")
        #expect(values["tier"] == "gold")
    }

    @Test("the async form and the header-named completion type")
    func asyncAndBridge() async {
        #expect(await Surface616.validate(sdk, transactionID: "t-2") == .success)
        let statuses = Collected<ValidateAndLogStatus?>()
        Surface616.bridge(sdk) { statuses.append($0?.status) }
        await sdk.waitUntilIdle()
        #expect(statuses.values == [.success])
        let (price, result) = Surface616.shapes()
        #expect(price == "1.99")
        #expect(result.status == .failure)
    }
}
