import Foundation
import OneLinkSupport

/// The emulated ATT prompt: the test's answer and the completions still waiting for one.
struct TrackingPromptState: Sendable {
    var answer = TrackingPromptAnswer.authorize
    var shown = 0
    var pending: [PendingTrackingPrompt] = []
}

/// A `requestTrackingAuthorization` completion waiting for the user's answer.
struct PendingTrackingPrompt: Sendable {
    let completion: Handoff<(TrackingAuthorizationStatus) -> Void>
    /// The `withShared` instance of the task that asked, bound again around the completion.
    let scope: AppsFlyerLib?
}

extension AppsFlyerLib {
    /// How the emulated user answers the ATT prompt app code shows with `ATTrackingManager.requestTrackingAuthorization`: emulator only.
    ///
    /// ``TrackingPromptAnswer/authorize`` by default, so a test that does not
    /// think about ATT never waits for ``waitForATTUserAuthorization(timeoutInterval:)``'s
    /// time limit when its app asks. An answer sets ``trackingAuthorizationStatus``
    /// at once, which releases a waiting session; the completion follows on the
    /// delivery queue, inside the asking task's ``withShared(_:isolation:operation:)`` scope.
    public var trackingPromptAnswer: TrackingPromptAnswer {
        get { facade[\.trackingPrompt.answer] }
        set { facade[\.trackingPrompt.answer] = newValue }
    }

    /// How many times the emulated device showed the ATT prompt: emulator only.
    ///
    /// A request made after the status was decided shows none.
    public var trackingPromptsShown: Int { facade[\.trackingPrompt.shown] }

    /// Shows the emulated ATT prompt, or answers at once with the decided status, as `ATTrackingManager.requestTrackingAuthorization` does.
    ///
    /// The `AppTrackingTransparency` stand-in module calls it for the
    /// instance `shared()` returns.
    package func requestTrackingAuthorization(
        completion: @escaping (TrackingAuthorizationStatus) -> Void
    ) {
        let prompt = PendingTrackingPrompt(completion: Handoff(completion), scope: Engine.scope)
        let current = trackingGate.status
        if current.isDetermined {
            deliverTrackingPrompts([prompt], status: current)
            return
        }
        let answer = facade.withLock { facade -> TrackingPromptAnswer in
            facade.trackingPrompt.shown += 1
            if facade.trackingPrompt.answer == .noAnswer { facade.trackingPrompt.pending.append(prompt) }
            return facade.trackingPrompt.answer
        }
        debug(.attStatus, "the ATT prompt is shown; the emulated user answers: \(answer)")
        guard let status = answer.status else { return }
        trackingAuthorizationStatus = status
        deliverTrackingPrompts([prompt], status: status)
    }

    /// Hands every prompt left open to the status the test decided.
    func answerPendingTrackingPrompts(with status: TrackingAuthorizationStatus) {
        let pending = facade.withLock { facade -> [PendingTrackingPrompt] in
            defer { facade.trackingPrompt.pending.removeAll() }
            return facade.trackingPrompt.pending
        }
        if !pending.isEmpty { deliverTrackingPrompts(pending, status: status) }
    }

    /// Calls the completions on the delivery queue, through the serial queue so `settle()` and `waitUntilIdle()` wait for them.
    private func deliverTrackingPrompts(
        _ prompts: [PendingTrackingPrompt], status: TrackingAuthorizationStatus
    ) {
        engine.enqueue(
            .callBlocks(
                prompts.map { prompt in
                    ScopedBlock(body: Handoff { prompt.completion.value(status) }, scope: prompt.scope)
                }))
    }
}
