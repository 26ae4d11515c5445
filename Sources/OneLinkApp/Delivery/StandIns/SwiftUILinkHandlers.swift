public import Foundation
public import OneLinkEmulator

#if !canImport(UIKit)
    /// The link handlers a SwiftUI app attaches to its views: `onOpenURL(perform:)` and `onContinueUserActivity(_:perform:)`.
    ///
    /// SwiftUI is not available here, so a SwiftUI app's wiring is described
    /// with the same modifier names on this value:
    ///
    /// ```swift
    /// SwiftUILinkHandlers()
    ///     .onOpenURL { url in AppsFlyerLib.shared().handleOpen(url, options: nil) }
    /// ```
    ///
    /// As Apple documents, SwiftUI hands both custom-scheme URLs and
    /// universal links to `onOpenURL`; `onContinueUserActivity` handlers
    /// receive other activity types, never a universal link.
    @MainActor
    public struct SwiftUILinkHandlers {
        /// The `onOpenURL` handlers, in the order they were attached.
        public private(set) var openURLHandlers: [(URL) -> Void] = []
        /// The `onContinueUserActivity` handlers with their activity types, in the order they were attached.
        public private(set) var userActivityHandlers:
            [(activityType: String, action: (NSUserActivity) -> Void)] = []

        /// Creates a view with no handlers.
        public init() {}

        /// Adds a handler SwiftUI calls with each URL the app receives: custom schemes and universal links.
        public func onOpenURL(perform action: @escaping (URL) -> Void) -> SwiftUILinkHandlers {
            var copy = self
            copy.openURLHandlers.append(action)
            return copy
        }

        /// Adds a handler SwiftUI calls with each user activity of `activityType` the app receives.
        public func onContinueUserActivity(
            _ activityType: String, perform action: @escaping (NSUserActivity) -> Void
        ) -> SwiftUILinkHandlers {
            var copy = self
            copy.userActivityHandlers.append((activityType, action))
            return copy
        }
    }
#endif
