import Foundation
import OneLinkEmulator
import OneLinkHTTP
import OneLinkServer
import OneLinkSupport
import Testing

@testable import onelink_replay

/// Every purchase API's calls, as the surface files make them, reach `onelink-replay serve`'s event
/// endpoint over HTTP: `serve` runs in process, as `ServeCommandTests` runs it, and the SDK's events
/// go to it through `HTTPEventRecorder`.
@Suite("Purchases reach serve", .timeLimit(.minutes(5)))
struct PurchaseServeTests {
    static let payloads = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Payloads")

    /// Runs `serve` with its bundled payloads while `body` runs; returns the in-app events it received.
    static func serving(_ body: @escaping @Sendable (URL) async throws -> Void) async throws -> [InAppEvent] {
        let options = try ServeOptions(
            ServeCommand.arguments.read(["--payloads", payloads.path, "--quiet"]))
        let backends = try ServeBackends.make(from: options.seed, options: options)
        let server = try ServeCommand.makeServer(options, backends: backends)
        let failure = Locked<(any Error)?>(nil)
        let output = CommandOutput(write: { _ in }, writeError: { _ in })
        let status = await ServeCommand.serve(server, summary: backends.summary, output: output) { url in
            do {
                try await body(url)
            } catch {
                failure.withLock { $0 = error }
            }
            return "the test"
        }
        if let error = failure.value { throw error }
        #expect(status == 0)
        let recorder = try #require(server.configuration.eventRecorder as? InMemoryEventRecorder)
        return recorder.events
    }

    /// An SDK whose events go to `serve` at `url`.
    static func sdk(sendingTo url: URL) throws -> AppsFlyerLib {
        let sdk = AppsFlyerLib(
            eventRecorder: try .http(baseURL: url), purchaseValidator: .inMemory(invalidTransactionIDs: []))
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.callbackDelivery = .sdkQueue
        // A round trip, not a deadline, is under test: a loaded pool can stall a task for seconds.
        sdk.conversionDataTimeout = 60_000
        return sdk
    }

    @Test("the 6.14.1, 6.17.2 and legacy forms each send af_purchase to serve; every completion succeeds")
    func everyFormReachesServe() async throws {
        let replies = Collected<String>()
        let events = try await Self.serving { url in
            let sdk = try Self.sdk(sendingTo: url)
            Surface616.validate(sdk, transactionID: "t-616") { replies.append("616 " + $0) }
            Surface617.validate(sdk, transactionID: "t-617") { response, error in
                replies.append(
                    error == nil && response != nil ? "617 ok" : "617 \(String(describing: error))")
            }
            (sdk as any LegacyPurchaseValidating).validateAndLog(
                inAppPurchase: "com.example.coins", price: "9.99", currency: "USD", transactionId: "t-legacy",
                additionalParameters: nil, success: { _ in replies.append("legacy ok") },
                failure: { error, _ in replies.append("legacy \(String(describing: error))") })
            await sdk.waitUntilIdle()
        }
        #expect(replies.values == ["616 success 0", "617 ok", "legacy ok"])
        #expect(events.map(\.name) == ["af_purchase", "af_purchase", "af_purchase"])
        #expect(events.map { $0.values["af_receipt_id"] } == ["t-616", "t-617", "t-legacy"])
        #expect(events.first?.values["af_revenue"] == "1.99")
        #expect(events.first?.values["tier"] == "gold")
        #expect(events.dropFirst().first?.values["af_purchase_type"] == "subscription")
        #expect(events.allSatisfy { $0.appID == "123456789" && $0.values["af_validated"] == true })
    }

    @Test("an anonymized logEvent reaches serve without the customer user ID; its completion succeeds")
    func anonymizedEventReachesServe() async throws {
        let replies = Collected<String>()
        let events = try await Self.serving { url in
            let sdk = try Self.sdk(sendingTo: url)
            sdk.customerUserID = "user-42"
            sdk.anonymizeUser = true
            sdk.logEvent(name: AFEventLogin, values: ["method": "mail"]) { response, error in
                replies.append(error.map { "\($0)" } ?? (response?["status"] as? String ?? "?"))
            }
            await sdk.waitUntilIdle()
        }
        #expect(replies.values == ["ok"])
        #expect(events.map(\.name) == [AFEventLogin])
        #expect(events.first?.customerUserID == nil)
        #expect(events.first?.values == ["method": "mail"])
    }
}
