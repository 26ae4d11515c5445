public import OneLinkEmulator

/// Keeps the router's pending actions so they survive the process dying before they run.
///
/// Contract for conforming types:
/// - ``load()`` returns the list last saved, in order, or `[]` when nothing
///   was ever saved. A list that exists but cannot be read throws
///   ``StorageError/corrupt(location:reason:)``.
/// - ``save(_:)`` replaces the whole list as one unit: after a crash at any
///   point, ``load()`` returns either the old or the new list, never a mix.
///   Saving `[]` leaves nothing pending.
/// - Both methods are safe to call from many threads at once; the router
///   calls them while holding its own lock, so they must not call back into it.
public protocol PendingActionStore: Sendable {
    /// Returns the saved list, oldest first; `[]` when none.
    ///
    /// - Throws: ``StorageError``.
    func load() throws(StorageError) -> [PendingAction]

    /// Replaces the saved list atomically.
    ///
    /// - Throws: ``StorageError``; the previous list is then still in place.
    func save(_ actions: [PendingAction]) throws(StorageError)
}
