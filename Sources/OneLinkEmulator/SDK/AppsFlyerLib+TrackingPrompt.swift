package import Foundation
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
    /// at once, which releases a waiting session; the completion follows on a
    /// private serial queue, as Apple's framework calls it on a queue of its
    /// own, with the ``withShared(_:isolation:operation:)`` scope of the task
    /// that asked bound again there, so `shared()` in it is the test's SDK.
    public var trackingPromptAnswer: TrackingPromptAnswer {
        get { engine.flags[\.facade.trackingPrompt.answer] }
        set { engine.flags[\.facade.trackingPrompt.answer] = newValue }
    }

    /// How many times the emulated device showed the ATT prompt: emulator only.
    ///
    /// A request made after the status was decided shows none.
    public var trackingPromptsShown: Int { engine.flags[\.facade.trackingPrompt.shown] }

    /// The serial queue the emulated ATT framework calls `requestTrackingAuthorization`'s completions on.
    ///
    /// Apple's framework calls the completion on a private queue of its own,
    /// never the main queue; the emulator does the same, in the order the
    /// prompts were answered. A `withShared` scope is a task-local value,
    /// which no GCD hop carries by itself: the emulator takes the asking
    /// task's scope when the app asks and binds it again around the
    /// completion, so `shared()` there is the instance the app asked through.
    package static let trackingPromptQueue = DispatchQueue(label: "OneLinkEmulator.ATTrackingManager")

    /// Shows the emulated ATT prompt, or answers at once with the decided status, as `ATTrackingManager.requestTrackingAuthorization` does.
    ///
    /// The `AppTrackingTransparency` stand-in module calls it for the
    /// instance `shared()` returns. The completion runs on ``trackingPromptQueue``,
    /// inside the `withShared` scope of the calling task, if it has one.
    package func requestTrackingAuthorization(
        completion: @escaping (TrackingAuthorizationStatus) -> Void
    ) {
        let prompt = PendingTrackingPrompt(completion: Handoff(completion), scope: Engine.scope)
        let current = trackingGate.status
        if current.isDetermined {
            deliverTrackingPrompts([prompt], status: current)
            return
        }
        let answer = engine.flags.withLock { flags -> TrackingPromptAnswer in
            flags.facade.trackingPrompt.shown += 1
            if flags.facade.trackingPrompt.answer == .noAnswer {
                flags.facade.trackingPrompt.pending.append(prompt)
            }
            return flags.facade.trackingPrompt.answer
        }
        debug(.attStatus, "the ATT prompt is shown; the emulated user answers: \(answer)")
        guard let status = answer.status else { return }
        trackingAuthorizationStatus = status
        deliverTrackingPrompts([prompt], status: status)
    }

    /// Hands every prompt left open to the status the test decided.
    func answerPendingTrackingPrompts(with status: TrackingAuthorizationStatus) {
        let pending = engine.flags.withLock { flags -> [PendingTrackingPrompt] in
            defer { flags.facade.trackingPrompt.pending.removeAll() }
            return flags.facade.trackingPrompt.pending
        }
        if !pending.isEmpty { deliverTrackingPrompts(pending, status: status) }
    }

    /// Calls the completions on ``trackingPromptQueue``, through the SDK's serial queue so `settle()` and `waitUntilIdle()` wait for them.
    private func deliverTrackingPrompts(
        _ prompts: [PendingTrackingPrompt], status: TrackingAuthorizationStatus
    ) {
        engine.enqueue(
            .callBlocks(
                prompts.map { prompt in
                    ScopedBlock(
                        body: Handoff { prompt.completion.value(status) }, scope: prompt.scope,
                        queue: Self.trackingPromptQueue)
                }))
    }
}
