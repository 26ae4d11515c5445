import Foundation
import OneLinkSupport

extension AppsFlyerLib {
    private static let processShared = Locked<AppsFlyerLib?>(nil)

    /// The built-in instance: in-memory organic backends and the system clock.
    static let defaultShared = AppsFlyerLib()

    /// The instance app code reaches, as in the real SDK.
    ///
    /// In order, it returns the instance bound by
    /// ``withShared(_:isolation:operation:)`` for the current task, else
    /// ``sharedOverride`` when set, else a built-in instance with in-memory
    /// organic backends and the system clock. The SDK binds the same task
    /// scope again around every callback it delivers on behalf of that task,
    /// so a delegate that calls `shared()` reaches the instance that called it.
    public static func shared() -> AppsFlyerLib {
        Engine.scope ?? processShared.value ?? defaultShared
    }

    /// The instance `shared()` returns for the whole process, when no task scope applies; `nil` restores the built-in one.
    ///
    /// For serial tests and an app's debug build:
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// AppsFlyerLib.sharedOverride = AppsFlyerLib(
    ///     shortLinkResolver: .inMemory(links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
    ///     clock: clock)
    /// defer { AppsFlyerLib.sharedOverride = nil }
    /// ```
    ///
    /// Parallel tests should use ``withShared(_:isolation:operation:)`` instead.
    public static var sharedOverride: AppsFlyerLib? {
        get { processShared.value }
        set { processShared.withLock { $0 = newValue } }
    }

    /// Runs `operation` with `shared()` returning `instance` in this task, its child tasks and the callbacks it causes.
    ///
    /// Parallel tests each see their own instance:
    ///
    /// ```swift
    /// @Test func deferredLinkRoutesToTheFruit() async throws {
    ///     let sdk = AppsFlyerLib(conversionDataSource: .inMemory(.nonOrganic(["deep_link_value": "apples"])))
    ///     try await AppsFlyerLib.withShared(sdk) {
    ///         appDelegate.application(app, didFinishLaunchingWithOptions: nil)  // calls shared()
    ///         await sdk.waitUntilIdle()
    ///     }
    /// }
    /// ```
    ///
    /// Code that leaves the task, such as `DispatchQueue.main.async`, is not
    /// covered, except for the SDK's own callbacks, which are.
    public static func withShared<Result>(
        _ instance: AppsFlyerLib, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await Engine.$scope.withValue(instance, operation: operation, isolation: isolation)
    }

    /// Runs synchronous `operation` with `shared()` returning `instance` on this thread.
    public static func withShared<Result>(
        _ instance: AppsFlyerLib, operation: () throws -> Result
    ) rethrows -> Result {
        try Engine.$scope.withValue(instance, operation: operation)
    }
}
