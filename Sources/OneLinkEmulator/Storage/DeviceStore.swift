/// Keeps the SDK's ``DeviceState`` across launches of one install.
///
/// Contract for conforming types:
/// - ``load()`` returns `nil` when nothing was saved (a fresh install) and the
///   last saved state otherwise. State that exists but cannot be read throws
///   ``StorageError/corrupt(location:reason:)``; the SDK reports it and starts
///   over as a fresh install.
/// - ``save(_:)`` replaces the state as one unit: a crash during a save leaves
///   either the old or the new state, never a mix.
/// - ``erase()`` removes the state, as deleting the app does.
/// - All methods are safe to call from many threads at once.
public protocol DeviceStore: Sendable {
    /// Returns the saved state, or `nil` for a fresh install.
    ///
    /// - Throws: ``StorageError``.
    func load() throws(StorageError) -> DeviceState?

    /// Replaces the saved state atomically.
    ///
    /// - Throws: ``StorageError``.
    func save(_ state: DeviceState) throws(StorageError)

    /// Removes the saved state, as uninstalling the app does.
    ///
    /// - Throws: ``StorageError``.
    func erase() throws(StorageError)
}
