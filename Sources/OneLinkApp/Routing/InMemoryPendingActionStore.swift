public import OneLinkEmulator
import OneLinkSupport

/// A pending-action store in memory; give the same store to a new router to emulate a process restart.
public final class InMemoryPendingActionStore: PendingActionStore, Sendable {
    private struct State {
        var actions: [PendingAction]
        var saveCount = 0
    }

    private let state: Locked<State>

    /// Creates a store holding `actions`.
    public init(_ actions: [PendingAction] = []) {
        state = Locked(State(actions: actions))
    }

    /// Returns the saved list.
    public func load() throws(StorageError) -> [PendingAction] { state.withLock { $0.actions } }

    /// Replaces the saved list.
    public func save(_ actions: [PendingAction]) throws(StorageError) {
        state.withLock { state in
            state.actions = actions
            state.saveCount += 1
        }
    }

    /// The list currently saved.
    public var actions: [PendingAction] { state.withLock { $0.actions } }

    /// How many times ``save(_:)`` has been called.
    public var saveCount: Int { state.withLock { $0.saveCount } }
}

extension PendingActionStore where Self == InMemoryPendingActionStore {
    /// A store in memory, holding `actions`.
    public static func inMemory(_ actions: [PendingAction] = []) -> InMemoryPendingActionStore {
        InMemoryPendingActionStore(actions)
    }
}
