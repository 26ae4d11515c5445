import OneLinkEmulator

/// Identifies an observer added to ``AppLifecycle``, for removing it.
public struct LifecycleObserverToken: Sendable, Hashable {
    let id: UInt64
}
