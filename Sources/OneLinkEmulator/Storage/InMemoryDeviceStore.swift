import OneLinkSupport

/// A device store that keeps state in memory, shared by every SDK instance given the same store.
///
/// Handing the same store to a second `AppsFlyerLib` emulates a process
/// restart on the same install; ``erase()`` emulates deleting the app.
public final class InMemoryDeviceStore: DeviceStore, Sendable {
    private let state: Locked<DeviceState?>

    /// Creates a store, empty (a fresh install) unless `state` is given.
    public init(_ state: DeviceState? = nil) {
        self.state = Locked(state)
    }

    /// Returns the saved state, or `nil`.
    public func load() throws(StorageError) -> DeviceState? { state.value }

    /// Replaces the saved state.
    public func save(_ newState: DeviceState) throws(StorageError) {
        state.withLock { $0 = newState }
    }

    /// Removes the saved state.
    public func erase() throws(StorageError) {
        state.withLock { $0 = nil }
    }
}

extension DeviceStore where Self == InMemoryDeviceStore {
    /// A store that keeps state in memory.
    public static func inMemory(_ state: DeviceState? = nil) -> InMemoryDeviceStore {
        InMemoryDeviceStore(state)
    }
}
