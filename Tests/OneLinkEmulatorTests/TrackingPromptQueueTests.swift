import Foundation
import OneLinkSupport
import Testing

@testable import OneLinkEmulator

/// The ATT prompt's completion runs where Apple's does, on a private serial queue, inside the asking task's `withShared` scope.
@Suite("The ATT completion's queue", .timeLimit(.minutes(5)))
struct TrackingPromptQueueTests {
    /// What one completion saw.
    struct Seen: Sendable, Equatable {
        var status: TrackingAuthorizationStatus
        var onMainThread: Bool
        var onPromptQueue: Bool
        var shared: ObjectIdentifier
        /// Whether a `withShared` scope was bound where the completion ran.
        var inScope: Bool
    }

    static let promptQueueKey = DispatchSpecificKey<Bool>()

    static func sdk() -> AppsFlyerLib {
        AppsFlyerLib.trackingPromptQueue.setSpecific(key: promptQueueKey, value: true)
        let clock = ManualClock()
        return AppsFlyerLib(conversionDataSource: .inMemory(.organic, clock: clock), clock: clock)
    }

    /// Asks as the `AppTrackingTransparency` stand-in asks, for the instance `shared()` returns, and records what the completion saw.
    static func ask(into seen: Locked<[Seen]>) {
        AppsFlyerLib.shared().requestTrackingAuthorization { status in
            let entry = Seen(
                status: status, onMainThread: Thread.isMainThread,
                onPromptQueue: DispatchQueue.getSpecific(key: promptQueueKey) == true,
                shared: ObjectIdentifier(AppsFlyerLib.shared()), inScope: Engine.scope != nil)
            seen.withLock { $0.append(entry) }
        }
    }

    @Test(
        "Inside withShared, the completion runs off the main queue, on the prompt's queue, and shared() there is the scope's"
    )
    func completionKeepsTheScope() async {
        let sdk = Self.sdk()
        sdk.trackingPromptAnswer = .deny
        let seen = Locked<[Seen]>([])
        await AppsFlyerLib.withShared(sdk) {
            Self.ask(into: seen)
            await sdk.settle()  // settle() waits for the completion: it goes through the SDK's queue
        }
        #expect(seen.value.count == 1)
        let first = seen.value.first
        #expect(first?.status == .denied)
        #expect(first?.onMainThread == false)
        #expect(first?.onPromptQueue == true)
        #expect(
            first?.shared == ObjectIdentifier(sdk),
            "the scope taken when the app asked is bound again on the prompt's queue")
        #expect(first?.inScope == true)
    }

    @Test(
        "Outside any withShared scope, the completion binds none: shared() there is sharedOverride or the built-in instance"
    )
    func noScopeNoBinding() async {
        let sdk = Self.sdk()
        sdk.trackingPromptAnswer = .authorize
        let seen = Locked<[Seen]>([])
        sdk.requestTrackingAuthorization { status in
            let entry = Seen(
                status: status, onMainThread: Thread.isMainThread,
                onPromptQueue: DispatchQueue.getSpecific(key: Self.promptQueueKey) == true,
                shared: ObjectIdentifier(AppsFlyerLib.shared()), inScope: Engine.scope != nil)
            seen.withLock { $0.append(entry) }
        }
        await sdk.settle()
        #expect(seen.value.map(\.status) == [.authorized])
        #expect(seen.value.first?.onPromptQueue == true)
        #expect(seen.value.first?.inScope == false)
        #expect(seen.value.first?.shared != ObjectIdentifier(sdk))
    }

    @Test("A prompt left open keeps the scope of the task that asked, not of the one that answers")
    func openPromptKeepsTheAskersScope() async {
        let asker = Self.sdk()
        asker.trackingPromptAnswer = .noAnswer
        let other = Self.sdk()
        let seen = Locked<[Seen]>([])
        AppsFlyerLib.withShared(asker) { Self.ask(into: seen) }
        await asker.settle()
        #expect(seen.value.isEmpty)
        AppsFlyerLib.withShared(other) { asker.trackingAuthorizationStatus = .denied }
        await asker.settle()
        #expect(seen.value.map(\.shared) == [ObjectIdentifier(asker)])
        #expect(seen.value.first?.onPromptQueue == true)
    }

    @Test("Prompts left open are answered in order, on the prompt's queue, when the test decides")
    func openPromptsInOrder() async {
        let sdk = Self.sdk()
        sdk.trackingPromptAnswer = .noAnswer
        let order = Locked<[Int]>([])
        let onQueue = Locked<[Bool]>([])
        AppsFlyerLib.withShared(sdk) {
            for index in 0..<5 {
                AppsFlyerLib.shared().requestTrackingAuthorization { _ in
                    order.withLock { $0.append(index) }
                    onQueue.withLock {
                        $0.append(DispatchQueue.getSpecific(key: Self.promptQueueKey) == true)
                    }
                }
            }
        }
        await sdk.settle()
        #expect(order.value.isEmpty, "no answer yet")
        sdk.trackingAuthorizationStatus = .authorized
        await sdk.settle()
        #expect(order.value == [0, 1, 2, 3, 4])
        #expect(onQueue.value == Array(repeating: true, count: 5))
    }
}
