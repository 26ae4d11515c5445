public import Foundation

// The real protocols are Objective-C protocols whose optional methods Swift imports as optional
// requirements, so plugins call them as `delegate?.onAppOpenAttribution?(data)`. Swift without the
// Objective-C runtime has no optional requirements. These properties share the method's base name
// and have an optional function type: `?(…)` after the name resolves to them, a plain call to the
// method. Each returns a closure that calls the method requirement, so the conforming class's own
// `func onAppOpenAttribution(_:)` runs exactly once; without one, the protocol's empty default runs.
// `@_disfavoredOverload` keeps an unapplied reference with no type context (`let f = x.onAppOpenAttribution`)
// on the method, as against the real SDK; `?(…)` still picks the property, the only one it fits.
// What differs from the real SDK: the property is never `nil`, so `delegate?.x?(…)` evaluates to
// `()` rather than `nil` when the app has no implementation (Docs/sdk-versions.md).

extension AppsFlyerLibDelegate {
    #if !SDK7
        /// The optional-method form of ``onAppOpenAttribution(_:)``, for calls written `delegate?.onAppOpenAttribution?(data)`.
        ///
        /// Calls the conforming type's implementation once; a type without one gets the empty default.
        @_disfavoredOverload public var onAppOpenAttribution: (([AnyHashable: Any]) -> Void)? {
            { [self] attributionData in self.onAppOpenAttribution(attributionData) }
        }

        /// The optional-method form of ``onAppOpenAttributionFailure(_:)``, for calls written `delegate?.onAppOpenAttributionFailure?(error)`.
        ///
        /// Calls the conforming type's implementation once; a type without one gets the empty default.
        @_disfavoredOverload public var onAppOpenAttributionFailure: ((any Error) -> Void)? {
            { [self] error in self.onAppOpenAttributionFailure(error) }
        }
    #endif

    /// The optional-method form of ``allHTTPHeaderFieldsForResolveDeepLinkURL(_:)``, for calls written `delegate?.allHTTPHeaderFieldsForResolveDeepLinkURL?(url)`.
    ///
    /// Calls the conforming type's implementation once; a type without one gets `nil` from the default.
    @_disfavoredOverload public var allHTTPHeaderFieldsForResolveDeepLinkURL: ((URL) -> [String: String]?)? {
        { [self] url in self.allHTTPHeaderFieldsForResolveDeepLinkURL(url) }
    }
}

extension AppsFlyerDeepLinkDelegate {
    /// The optional-method form of `didResolveDeepLink(_:)`, for calls written `deepLinkDelegate?.didResolveDeepLink?(result)`.
    ///
    /// Calls the conforming type's implementation once; a type without one gets the empty default.
    @_disfavoredOverload public var didResolveDeepLink: ((DeepLinkResult) -> Void)? {
        { [self] result in self.didResolveDeepLink(result) }
    }
}
