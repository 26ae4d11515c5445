import Foundation

/// A list that app code appends to from any thread: the SDK calls its delegates and completions on
/// queues of its own.
final class SharedLog<Entry>: @unchecked Sendable {
    // @unchecked because `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: [Entry] = []

    /// Everything appended so far, in order.
    var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Appends `entry`.
    func append(_ entry: Entry) {
        lock.lock()
        stored.append(entry)
        lock.unlock()
    }
}
