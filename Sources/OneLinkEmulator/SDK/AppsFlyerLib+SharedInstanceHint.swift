import OneLinkSupport

extension AppsFlyerLib {
    /// The entry points (`start()`, links, pushes) app code called on this instance, each named once, in the order first called.
    package var entryPointsCalled: [String] { engine.flags[\.entryPointsCalled].entryPoints.map(\.name) }

    /// Why a wait on `tested` may have timed out: the app's code reached another instance, when it did.
    ///
    /// Returns a sentence, with the `withShared` line to add, when none of
    /// `tested` saw `start()` or a link while an instance `shared()` returns
    /// outside any `withShared` scope (``sharedOverride`` or the built-in one),
    /// which is none of them, did: the mark of app code calling
    /// `AppsFlyerLib.shared()` while the test built its own SDK. Otherwise `nil`.
    package static func differentInstanceHint(tested: [AppsFlyerLib]) -> String? {
        guard !tested.isEmpty, tested.allSatisfy({ $0.entryPointsCalled.isEmpty }) else { return nil }
        let candidates = [sharedOverride, defaultShared].compactMap { $0 }
        guard
            let reached = candidates.first(where: { candidate in
                !tested.contains { $0 === candidate } && !candidate.entryPointsCalled.isEmpty
            })
        else { return nil }
        let which =
            reached === defaultShared
            ? "the built-in instance AppsFlyerLib.shared() returns outside any withShared scope"
            : "AppsFlyerLib.sharedOverride, which AppsFlyerLib.shared() returns outside any withShared scope,"
        return """
            the SDK under test saw no start() and no link, but \(which) saw \
            \(reached.entryPointsCalled.joined(separator: ", ")): the app's code reached a different \
            instance. Run the app's code with shared() returning the SDK under test:
                try await AppsFlyerLib.withShared(sdk) {
                    // the app code that calls AppsFlyerLib.shared(), then the wait
                }
            """
    }
}

/// An object that wants to know which SDKs it became a delegate of, such as the test kit's `CallbackRecorder`.
///
/// `AppsFlyerLib` calls it each time the object is set as `delegate` or
/// `deepLinkDelegate`, after the SDK holds it. The call must return quickly
/// and must not call back into the SDK's delegate properties.
package protocol SDKDelegateObserver: AnyObject {
    /// The object is now `sdk`'s delegate or deep-link delegate.
    func becameDelegate(of sdk: AppsFlyerLib)
}
