/// Where the SDK calls its delegates and completion handlers.
public enum CallbackDelivery: Sendable, Hashable, CaseIterable {
    /// On the main queue, as the real SDK does: the default.
    ///
    /// Something must drain the main queue: an app's run loop, the main actor
    /// under `swift test`, `RunLoop.main.run()` or `dispatchMain()` in a
    /// command-line program. A handler may be a `@MainActor` class.
    case mainQueue
    /// On the SDK's own serial processing context, with no hop to the main queue.
    ///
    /// Callbacks still come one at a time, in order. For harnesses and
    /// benchmarks that do not need main-thread semantics and must not depend
    /// on the main queue being drained.
    case sdkQueue
}
