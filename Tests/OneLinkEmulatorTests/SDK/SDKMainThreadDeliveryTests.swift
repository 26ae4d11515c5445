import Foundation
import OneLinkEmulator
import OneLinkSupport
import OneLinkTestThreads
import Testing

/// Records every callback with whether it arrived on the main queue (the main actor's queue).
///
/// `Thread.isMainThread` would be the wrong test on Linux: under `swift test`'s asynchronous
/// entry point, libdispatch drains the main queue on a worker thread.
final class ThreadRecordingDelegate: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    // Not a CallbackRecorder: it records where each call ran and answers the header request.
    // @unchecked because NSObject is not Sendable: `calls` is a Locked and `headers` is set before the SDK runs.
    private let calls = Locked<[(name: String, onMain: Bool)]>([])
    var headers: [String: String]?

    var recorded: [(name: String, onMain: Bool)] { calls.value }

    func record(_ name: String) {
        calls.withLock { $0.append((name, MainQueue.isCurrent)) }
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) { record("onConversionDataSuccess") }
    func onConversionDataFail(_ error: any Error) { record("onConversionDataFail") }
    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) { record("onAppOpenAttribution") }
    func onAppOpenAttributionFailure(_ error: any Error) { record("onAppOpenAttributionFailure") }
    func didResolveDeepLink(_ result: DeepLinkResult) { record("didResolveDeepLink") }
    func allHTTPHeaderFieldsForResolveDeepLinkURL(_ URL: URL) -> [String: String]? {
        record("allHTTPHeaderFieldsForResolveDeepLinkURL")
        return headers
    }
}

@Suite("Main-thread delivery", .timeLimit(.minutes(5)))
struct SDKMainThreadDeliveryTests {
    static let short = "https://app.onelink.me/H5hv/abc"

    func fixture(udl: Bool) -> (SDKFixture, ThreadRecordingDelegate) {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]], udl: udl)
        let delegate = ThreadRecordingDelegate()
        fixture.sdk.delegate = delegate
        if udl { fixture.sdk.deepLinkDelegate = delegate }
        return (fixture, delegate)
    }

    @Test("Every callback kind, the header request and the completion handler run on the main thread")
    func everyCallbackOnMain() async {
        let (legacy, legacyDelegate) = fixture(udl: false)
        let completedOnMain = Locked<[Bool]>([])
        legacy.sdk.start { _, _ in completedOnMain.withLock { $0.append(MainQueue.isCurrent) } }
        await legacy.sdk.perform(.universalLink(Self.short))
        await legacy.sdk.perform(.universalLink("https://app.onelink.me/H5hv/missing"))
        legacy.conversion.behavior = .failing(.connectionFailed("reset"))
        await legacy.sdk.simulateReinstall()
        legacy.sdk.delegate = legacyDelegate  // the new process's launch code sets it again
        await legacy.sdk.perform(.start)

        let (unified, unifiedDelegate) = fixture(udl: true)
        await unified.sdk.perform(.start)
        await unified.sdk.perform(.universalLink(Self.short))

        let calls = legacyDelegate.recorded + unifiedDelegate.recorded
        #expect(
            Set(calls.map(\.name)) == [
                "onConversionDataSuccess", "onConversionDataFail", "onAppOpenAttribution",
                "onAppOpenAttributionFailure", "didResolveDeepLink",
                "allHTTPHeaderFieldsForResolveDeepLinkURL",
            ])
        #expect(calls.allSatisfy { $0.onMain }, "\(calls.filter { !$0.onMain }.map(\.name))")
        #expect(completedOnMain.value == [true])
    }

    @Test("try await start() resumes after the launch, and its handler ran on the main thread")
    func asyncStart() async throws {
        let (fixture, delegate) = fixture(udl: false)
        let response = try await fixture.sdk.start()
        #expect(response["status"] as? String == "ok")
        await fixture.sdk.waitUntilIdle()
        #expect(delegate.recorded.map(\.name) == ["onConversionDataSuccess"])
        #expect(delegate.recorded.allSatisfy { $0.onMain })
    }

    @MainActor
    @Test("From the main actor, perform, waitUntilIdle and settle return without deadlock")
    func fromTheMainActor() async {
        let (fixture, delegate) = fixture(udl: true)
        await fixture.sdk.perform(.start)
        fixture.resolver.behavior = .delayed(.milliseconds(500))
        fixture.sdk.submit(.universalLink(Self.short))
        await fixture.sdk.settle()
        #expect(!fixture.sdk.isIdle, "blocked on the clock")
        await fixture.clock.advance(by: .milliseconds(500))
        await fixture.sdk.waitUntilIdle()
        #expect(
            delegate.recorded.map(\.name) == [
                "didResolveDeepLink", "onConversionDataSuccess", "allHTTPHeaderFieldsForResolveDeepLinkURL",
                "didResolveDeepLink",
            ])
        #expect(delegate.recorded.allSatisfy { $0.onMain })
    }

    @Test("callbackDelivery = .sdkQueue calls delegates on the SDK's own context, off the main thread")
    func sdkQueueOption() async {
        let (fixture, delegate) = fixture(udl: false)
        fixture.sdk.callbackDelivery = .sdkQueue
        #expect(!MainQueue.isCurrent)
        await fixture.sdk.perform(.start)
        await fixture.sdk.perform(.universalLink(Self.short))
        #expect(
            delegate.recorded.map(\.name) == [
                "onConversionDataSuccess", "allHTTPHeaderFieldsForResolveDeepLinkURL", "onAppOpenAttribution",
            ])
        #expect(delegate.recorded.allSatisfy { !$0.onMain })
    }

    @Test("allHTTPHeaderFieldsForResolveDeepLinkURL(_:) is asked per resolution and its headers are sent")
    func resolutionHeadersFromTheDelegate() async {
        let (fixture, delegate) = fixture(udl: false)
        delegate.headers = ["X-Team": "growth"]
        await fixture.sdk.perform(.universalLink(Self.short))
        delegate.headers = nil
        await fixture.sdk.perform(.universalLink(Self.short))
        #expect(fixture.resolver.requests.map(\.headers) == [["X-Team": "growth"], [:]])
        #expect(
            delegate.recorded.map(\.name).filter { $0 == "allHTTPHeaderFieldsForResolveDeepLinkURL" }.count
                == 2)
    }
}

@Suite("Main-thread delivery in a command-line program", .timeLimit(.minutes(5)))
struct SDKRunLoopProgramTests {
    @Test("A program that spins RunLoop.main gets every callback on the main thread and the main queue")
    func runLoopProgram() async throws {
        let program = try #require(ChildProcess.productURL(named: "onelink-runloop-client"))
        let lines = try await onThread {
            try ChildProcess(executable: program, arguments: []).remainingLines(timeout: .seconds(30))
        }
        #expect(
            lines.sorted() == [
                "didResolveDeepLink FOUND mainQueue=true mainThread=true",
                "onConversionDataSuccess mainQueue=true mainThread=true",
            ])
    }
}
