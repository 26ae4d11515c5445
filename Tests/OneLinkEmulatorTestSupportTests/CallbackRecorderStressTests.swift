import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkTestSoak
import Testing

/// Thousands of the kit's waits with 0–1 ms deadlines, eight at a time: every one ends, with an
/// outcome its case allows (issue 38).
///
/// Alone it takes a fraction of a second. In the full suite its thousands of short hops queue behind
/// every other suite's work on the shared pool; on a 2-core machine with a load of 15 that took
/// 25 s to over a minute, so the limit leaves room for that while still ending a lost wake-up.
@Suite("CallbackRecorder stress", .tags(.soak), .timeLimit(.minutes(3)))
struct CallbackRecorderStressTests {
    /// One kind of wait in the mix.
    enum Kind: CaseIterable {
        /// The callback is there before the wait starts: the wait returns it, even with a 0 ms deadline.
        case metAtOnce
        /// The callback arrives from another task while the deadline runs: either outcome is right.
        case metOrTimedOut
        /// No callback comes: the wait times out.
        case timesOut
        /// The task is cancelled and the deadline is far: the wait throws `CancellationError`.
        case cancelled
        /// The task is cancelled while a 0–1 ms deadline runs: either of the two errors is right.
        case cancelledOrTimedOut
    }

    /// Runs wait `index` and returns a description of a wrong outcome, or `nil`.
    static func run(_ index: Int) async -> String? {
        let kind = Kind.allCases[index % Kind.allCases.count]
        let timeout = Duration.microseconds((index * 389) % 1001)
        let recorder = CallbackRecorder()
        if kind == .metAtOnce { recorder.didResolveDeepLink(.notFound) }
        let waiting = Task {
            try await recorder.waitForCallbacks(1, timeout: kind == .cancelled ? .seconds(600) : timeout)
        }
        switch kind {
        case .metOrTimedOut: recorder.didResolveDeepLink(.notFound)
        case .cancelled, .cancelledOrTimedOut: waiting.cancel()
        case .metAtOnce, .timesOut: break
        }
        let result = await withTaskCancellationHandler {
            await waiting.result
        } onCancel: {
            waiting.cancel()
        }
        let right: Bool
        switch (kind, result) {
        case (.metAtOnce, .success(let callbacks)), (.metOrTimedOut, .success(let callbacks)):
            right = callbacks.count == 1
        case (.metOrTimedOut, .failure(let error)), (.timesOut, .failure(let error)):
            right = error is CallbackRecorder.WaitTimeout
        case (.cancelled, .failure(let error)):
            right = error is CancellationError
        case (.cancelledOrTimedOut, .failure(let error)):
            right = error is CancellationError || error is CallbackRecorder.WaitTimeout
        default:
            right = false
        }
        return right ? nil : "wait \(index) (\(kind), \(timeout)) ended with \(result)"
    }

    @Test("4,000 waits (soak; 200 by default), eight at a time, all end with the right outcome")
    func thousandsOfShortWaits() async {
        let total = Soak.count(4_000, quick: 200)
        let wrong = await withTaskGroup(of: String?.self) { group in
            var started = 0
            for _ in 0..<8 {
                let index = started
                group.addTask { await Self.run(index) }
                started += 1
            }
            var wrong: [String] = []
            var finished = 0
            for await failure in group {
                finished += 1
                if let failure { wrong.append(failure) }
                if started < total {
                    let index = started
                    group.addTask { await Self.run(index) }
                    started += 1
                }
            }
            #expect(finished == total)
            return wrong
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong outcomes, such as \(wrong.prefix(3))")
    }
}
