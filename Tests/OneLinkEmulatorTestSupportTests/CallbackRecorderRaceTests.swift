import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// The recorder's wait against its deadline, a callback and cancellation, in every order, forced
/// with the recorder's wait hook rather than left to timing (issue 38).
@Suite("CallbackRecorder races", .timeLimit(.minutes(1)))
struct CallbackRecorderRaceTests {
    /// What happens at the chosen step of the wait.
    enum Event: CaseIterable, Sendable {
        /// The deadline fires.
        case deadline
        /// The waiting task is cancelled.
        case cancellation
        /// The callback the wait is for arrives.
        case callback
    }

    static let steps: [CallbackRecorder.WaitStep] = [.started, .registering, .registered]

    /// Waits for one callback in a task of its own, which the hook may cancel; the test's own
    /// cancellation (its time limit) reaches it too, so a lost wake-up fails the test, never hangs it.
    static func waitForOne(
        on recorder: CallbackRecorder
    ) async -> Result<[CallbackRecorder.Callback], any Error> {
        let waiting = Task { try await recorder.waitForCallbacks(1, timeout: .seconds(600)) }
        return await withTaskCancellationHandler {
            await waiting.result
        } onCancel: {
            waiting.cancel()
        }
    }

    /// Waits for one callback on an empty recorder, with `event` forced at `step`.
    static func wait(
        with event: Event, at step: CallbackRecorder.WaitStep
    ) async -> Result<[CallbackRecorder.Callback], any Error> {
        let recorder = CallbackRecorder()
        recorder.waitHook = { [weak recorder] current, fireDeadline in
            guard current == step else { return }
            switch event {
            case .deadline: fireDeadline()
            case .cancellation: withUnsafeCurrentTask { $0?.cancel() }
            case .callback: recorder?.onConversionDataSuccess(["af_status": "Organic"])
            }
        }
        return await waitForOne(on: recorder)
    }

    @Test(
        "a wait ends with the event whichever step of the wait it comes at", arguments: steps, Event.allCases)
    func eventAtEveryStep(step: CallbackRecorder.WaitStep, event: Event) async {
        let result = await Self.wait(with: event, at: step)
        switch (event, result) {
        case (.deadline, .failure(let error)):
            let timeout = error as? CallbackRecorder.WaitTimeout
            #expect(timeout?.expectation == "1 callbacks")
            #expect(timeout?.recorded == [])
        case (.cancellation, .failure(let error)): #expect(error is CancellationError)
        case (.callback, .success(let callbacks)):
            #expect(callbacks.map(\.name) == ["onConversionDataSuccess"])
        default: Issue.record("\(event) at \(step) ended with \(result)")
        }
    }

    @Test(
        "when the condition already holds, a deadline before the check wins and one after it is ignored",
        arguments: steps)
    func deadlineAgainstAHoldingCondition(step: CallbackRecorder.WaitStep) async {
        let recorder = CallbackRecorder()
        recorder.onConversionDataSuccess(["af_status": "Organic"])
        recorder.waitHook = { current, fireDeadline in
            if current == step { fireDeadline() }
        }
        let result = await Self.waitForOne(on: recorder)
        switch (step, result) {
        case (.started, .failure(let error)):
            #expect((error as? CallbackRecorder.WaitTimeout)?.recorded == ["onConversionDataSuccess"])
        case (.registering, .success(let callbacks)), (.registered, .success(let callbacks)):
            #expect(callbacks.count == 1)
        default: Issue.record("a deadline at \(step) ended with \(result)")
        }
    }

    @Test("a deadline and a cancellation at the same step: the first one ends the wait", arguments: steps)
    func deadlineThenCancellation(step: CallbackRecorder.WaitStep) async {
        let recorder = CallbackRecorder()
        recorder.waitHook = { current, fireDeadline in
            guard current == step else { return }
            fireDeadline()
            withUnsafeCurrentTask { $0?.cancel() }
            fireDeadline()
        }
        let result = await Self.waitForOne(on: recorder)
        guard case .failure(let error) = result, error is CallbackRecorder.WaitTimeout else {
            Issue.record("expected WaitTimeout, got \(result)")
            return
        }
    }

    @Test("a wait with the default deadline and a 0 ms timeout times out on its own")
    func zeroTimeout() async throws {
        let recorder = CallbackRecorder()
        await #expect(throws: CallbackRecorder.WaitTimeout.self) {
            try await recorder.waitForCallbacks(1, timeout: .zero)
        }
        recorder.onConversionDataSuccess(["af_status": "Organic"])
        #expect(try await recorder.waitForCallbacks(1, timeout: .zero).count == 1)
    }
}
