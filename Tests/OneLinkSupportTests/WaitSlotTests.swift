import OneLinkSupport
import Testing

/// Every order of an outcome and the waiter's registration, forced with the slot's hook: each wait
/// ends once, with the first outcome.
@Suite(.timeLimit(.minutes(1)))
struct WaitSlotTests {
    /// When the outcome arrives, relative to the waiter's registration.
    enum Moment: CaseIterable, Sendable {
        /// Before `value()` is called.
        case beforeRegistering
        /// Inside `value()`, between its start and taking the lock to register.
        case whileRegistering
        /// Just after the waiter registered.
        case afterRegistering
    }

    /// What ends the wait.
    enum Outcome: CaseIterable, Sendable {
        case value
        case deadline
        case cancellation
    }

    struct Deadline: Error {}

    /// Delivers `outcome` to `slot` from the waiting task itself, so the order is exactly the one asked for.
    static func deliver(_ outcome: Outcome, to slot: WaitSlot<Int>) {
        switch outcome {
        case .value: slot.resolve(.success(7))
        case .deadline: slot.resolve(.failure(Deadline()))
        case .cancellation: withUnsafeCurrentTask { $0?.cancel() }
        }
    }

    @Test("the outcome ends the wait whenever it arrives", arguments: Moment.allCases, Outcome.allCases)
    func outcomeAtEveryMoment(moment: Moment, outcome: Outcome) async {
        let waiting = Task { () async throws -> Int in
            let slot = WaitSlot<Int>(hook: { step, slot in
                switch (step, moment) {
                case (.registering, .whileRegistering), (.registered, .afterRegistering):
                    Self.deliver(outcome, to: slot)
                default: break
                }
            })
            if moment == .beforeRegistering { Self.deliver(outcome, to: slot) }
            return try await slot.value()
        }
        // The test's own cancellation (its time limit) reaches the wait, so a lost outcome fails
        // the test instead of hanging it.
        let result = await withTaskCancellationHandler {
            await waiting.result
        } onCancel: {
            waiting.cancel()
        }
        switch (outcome, result) {
        case (.value, .success(let value)): #expect(value == 7)
        case (.deadline, .failure(let error)): #expect(error is Deadline)
        case (.cancellation, .failure(let error)): #expect(error is CancellationError)
        default: Issue.record("\(outcome) at \(moment) ended with \(result)")
        }
    }

    @Test("the first outcome wins and every later one is refused", arguments: Moment.allCases)
    func firstOutcomeWins(moment: Moment) async throws {
        let slot = WaitSlot<Int>(hook: { step, slot in
            switch (step, moment) {
            case (.registering, .whileRegistering), (.registered, .afterRegistering):
                #expect(slot.resolve(.success(1)))
                #expect(!slot.resolve(.failure(Deadline())))
                withUnsafeCurrentTask { $0?.cancel() }
            default: break
            }
        })
        if moment == .beforeRegistering {
            #expect(slot.resolve(.success(1)))
            #expect(!slot.resolve(.success(2)))
        }
        #expect(try await slot.value() == 1)
        #expect(slot.isResolved)
        #expect(!slot.resolve(.success(3)))
    }

    @Test("an outcome from another task after the waiter registered resumes it")
    func outcomeFromAnotherTask() async throws {
        let (registered, signal) = AsyncStream<Void>.makeStream()
        let slot = WaitSlot<Int>(hook: { step, _ in
            if step == .registered { signal.finish() }
        })
        async let value = slot.value()
        for await _ in registered {}
        #expect(!slot.isResolved)
        #expect(slot.resolve(.success(9)))
        #expect(try await value == 9)
    }

    @Test("cancelling the waiting task from another task after it registered throws CancellationError")
    func cancellationFromAnotherTask() async {
        let (registered, signal) = AsyncStream<Void>.makeStream()
        let slot = WaitSlot<Int>(hook: { step, _ in
            if step == .registered { signal.finish() }
        })
        let waiting = Task { try await slot.value() }
        for await _ in registered {}
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(!slot.resolve(.success(1)))
    }
}
