import Foundation
@_spi(SDK7) import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkSupport
import Testing

@Suite("CallbackRecorder", .timeLimit(.minutes(5)))
struct CallbackRecorderTests {
    @Test func recordsUnifiedDeepLinkingWithTypedAccessors() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder()
        sdk.delegate = recorder
        sdk.deepLinkDelegate = recorder
        await sdk.perform(.start)
        await sdk.perform(.universalLink(KitFixtures.shortLink))
        // First launch in UDL mode: the deferred lookup finds no click (NOT_FOUND), then the direct link is found.
        #expect(recorder.count == 3)
        #expect(recorder.conversionData.count == 1)
        #expect(recorder.conversionData.first?["af_status"] as? String == "Organic")
        #expect(recorder.conversionData.first?["is_first_launch"] as? Bool == true)
        #expect(recorder.conversionPayloads.first?["af_status"] == "Organic")
        #expect(recorder.deepLinkResults.map(\.status) == [.notFound, .found])
        #expect(recorder.deepLinks.first?.deeplinkValue == "apples")
        #expect(recorder.errors.isEmpty)
        #expect(recorder.openAttributions.isEmpty)
    }

    @Test func recordsLegacyOpenAttributionAndFailures() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder()
        sdk.delegate = recorder
        await sdk.perform(.start)
        await sdk.perform(.universalLink(KitFixtures.shortLink))
        await sdk.perform(.universalLink("https://onelink-basic-app.onelink.me/H5hv/unknown"))

        #expect(
            recorder.names == [
                "onConversionDataSuccess", "onAppOpenAttribution", "onAppOpenAttributionFailure",
            ])
        #expect(recorder.openAttributions.first?["deep_link_value"] as? String == "apples")
        #expect(recorder.openAttributionPayloads.first?["deep_link_value"] == "apples")
        #expect(recorder.errors.count == 1)
        #expect(recorder.attributionErrors.count == 1)
        #expect(recorder.callbacks.last?.error != nil)
    }

    @Test func waitForCallbacksReturnsOnceTheyArrive() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder()
        sdk.delegate = recorder
        sdk.deepLinkDelegate = recorder
        async let arrived = recorder.waitForCallbacks(3)
        try await sdk.start()
        sdk.handleUniversalLink(URL(string: KitFixtures.shortLink)!)
        let callbacks = try await arrived
        #expect(callbacks.count == 3)
        #expect(callbacks.filter { $0.name == "didResolveDeepLink" }.count == 2)
        #expect(recorder.deepLinks.map(\.deeplinkValue) == ["apples"])
    }

    @Test func waitReturnsAtOnceWhenTheConditionAlreadyHolds() async throws {
        let recorder = CallbackRecorder()
        recorder.onConversionDataFail(AttributionError.timedOut(milliseconds: 3000))
        let callbacks = try await recorder.wait { $0.contains { $0.name == "onConversionDataFail" } }
        #expect(callbacks.count == 1)
    }

    @Test func waitTimesOutWithWhatArrived() async {
        let recorder = CallbackRecorder()
        recorder.onConversionDataSuccess(["af_status": "Organic"])
        do {
            try await recorder.waitForCallbacks(2, timeout: .milliseconds(20))
            Issue.record("expected a timeout")
        } catch let timeout as CallbackRecorder.WaitTimeout {
            #expect(timeout.recorded == ["onConversionDataSuccess"])
            #expect(timeout.description.contains("2 callbacks"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func cancellingAWaitThrowsCancellationError() async {
        let recorder = CallbackRecorder()
        let waiting = Task { try await recorder.waitForCallbacks(1) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test func concurrentCallbacksAreAllRecordedAndWakeEveryWaiter() async throws {
        let recorder = CallbackRecorder()
        async let first = recorder.waitForCallbacks(1)
        async let all = recorder.waitForCallbacks(800)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<100 {
                        if index.isMultiple(of: 2) {
                            recorder.onConversionDataSuccess(["task": task, "index": index])
                        } else {
                            recorder.didResolveDeepLink(.notFound)
                        }
                    }
                }
            }
        }
        #expect(try await first.count >= 1)
        #expect(try await all.count == 800)
        #expect(recorder.conversionData.count == 400)
        #expect(recorder.deepLinkResults.count == 400)
        recorder.removeAll()
        #expect(recorder.count == 0)
    }

    @Test func forwardsToTheTeamsHandlerAfterRecording() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder()
        let handler = RoutingHandler()
        recorder.forwardingDelegate = handler
        recorder.forwardingDeepLinkDelegate = handler
        sdk.delegate = recorder
        sdk.deepLinkDelegate = recorder
        await sdk.perform(.start)
        await sdk.perform(.universalLink(KitFixtures.shortLink))
        #expect(handler.values == ["apples"])
        #expect(recorder.count == 3)
    }

    @Test func waitsReturnOnlyAfterTheForwardingHandlerReturned() async throws {
        let recorder = CallbackRecorder()
        let handler = BlockingHandler()
        recorder.forwardingDelegate = handler
        Thread { recorder.onConversionDataSuccess(["af_status": "Organic"]) }.start()
        await handler.entered.waitAsync()  // the callback is recorded and its handler is running
        let registered = DispatchSemaphore(value: 0)
        let waiting = Task {
            try await recorder.wait { callbacks in
                registered.signal()
                return !callbacks.isEmpty
            }
            return handler.handled.value
        }
        await registered.waitAsync()  // the wait saw the callbacks before the handler returned
        handler.release.signal()
        #expect(try await waiting.value == true)
        #expect(recorder.count == 1)
    }

    @Test func describesEachCallback() {
        let recorder = CallbackRecorder()
        recorder.onConversionDataSuccess(["af_status": "Organic"])
        recorder.didResolveDeepLink(.notFound)
        #expect(
            recorder.callbacks.map(\.description) == [
                #"onConversionDataSuccess({"af_status":"Organic"})"#, "didResolveDeepLink(NOT_FOUND)",
            ])
    }
}

/// A forwarding handler that signals `entered`, then blocks until `release` before it marks `handled`.
final class BlockingHandler: NSObject, AppsFlyerLibDelegate, Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let handled = Locked(false)

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        entered.signal()
        release.wait()
        handled.withLock { $0 = true }
    }
    func onConversionDataFail(_ error: any Error) {}
}

extension DispatchSemaphore {
    /// Waits for a signal on a global queue thread, so no concurrency-pool thread blocks.
    func waitAsync() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                self.wait()
                continuation.resume()
            }
        }
    }
}
