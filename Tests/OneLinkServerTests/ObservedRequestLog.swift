import OneLinkEmulator
import OneLinkServer
import OneLinkSupport

/// A request log a test can wait on: ``waitForEntries(_:)`` returns when the server records the
/// entry, with no polling.
///
/// The server records an entry just after it writes a response's last byte, so a client can read
/// the answer before the entry exists; a test that checks the log waits for it here.
final class ObservedRequestLog: RequestLogSink, Sendable {
    private struct State {
        var entries: [RequestLogEntry] = []
        var waiters: [(count: Int, slot: WaitSlot<Void>)] = []
    }

    private let state = Locked(State())

    /// Records `entry` and ends the waits it completes.
    func record(_ entry: RequestLogEntry) {
        let ready = state.withLock { state -> [WaitSlot<Void>] in
            state.entries.append(entry)
            let count = state.entries.count
            defer { state.waiters.removeAll { $0.count <= count } }
            return state.waiters.filter { $0.count <= count }.map(\.slot)
        }
        for slot in ready { slot.resolve(.success(())) }
    }

    /// The entries so far, oldest first.
    var entries: [RequestLogEntry] { state.withLock { $0.entries } }

    /// Returns once at least `count` entries were recorded.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (the suite's time limit, say).
    func waitForEntries(_ count: Int = 1) async throws {
        let slot = WaitSlot<Void>()
        let ready = state.withLock { state -> Bool in
            guard state.entries.count < count else { return true }
            state.waiters.append((count, slot))
            return false
        }
        if ready { slot.resolve(.success(())) }
        try await slot.value()
    }
}
