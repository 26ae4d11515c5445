/// Paces the yields of callers that ran the SDK's queue on their own thread.
///
/// A caller whose queued work all finishes where it runs never suspends, so
/// a loop of such calls would hold its thread and starve every other task
/// that needs one (a server's answers, timers, other tests). One such call in
/// ``interval``, counted across the process, yields once; the others skip
/// the hop, which on the main actor costs about what running the work in
/// place saved.
enum CooperativePacing {
    /// How many calls that ran work in place make one yield.
    static let interval: UInt = 16

    private static let calls = Locked<UInt>(0)

    /// Counts one call that ran work in place, and yields when its turn has come.
    ///
    /// It stays on the caller's actor, so the yield is the only hop.
    nonisolated(nonsending) static func yieldIfDue() async {
        let due = calls.withLock { count in
            count &+= 1
            return count % interval == 0
        }
        if due { await Task.yield() }
    }
}
