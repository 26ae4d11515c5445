import Foundation

/// Answers the SDK's one deferred-deep-link (UDL) lookup on a first launch.
///
/// Contract for conforming types:
/// - ``deferredDeepLink(for:)`` answers as `POST /v1.0/ios/{appID}` does:
///   found with the click event when a OneLink click by this device falls
///   within the lookup window before ``InstallAttributionRequest/installTime``
///   (15 minutes on the real service), not found otherwise.
/// - For privacy (iOS 14.5+), a found click event holds `deep_link_value`,
///   `deep_link_sub1`…`deep_link_sub10` and `match_type`, with the withheld
///   attribution keys as `""`; use ``DeferredDeepLinkResponse/privacyFiltered(_:)``.
///   An install a self-reporting network claimed is not found.
/// - Failures are thrown as ``AttributionError``. Implementations must be safe
///   to call from many tasks at once and honour cancellation.
public protocol DeferredDeepLinkSource: Sendable {
    /// Looks up a deferred deep link for one install.
    ///
    /// - Throws: ``AttributionError``.
    func deferredDeepLink(for request: InstallAttributionRequest) async throws -> DeferredDeepLinkResponse

    /// The answer to the request when the backend has it without waiting, or `nil` to be asked through ``deferredDeepLink(for:)``.
    ///
    /// The SDK asks this first, for every call: an answer here is taken as
    /// ``deferredDeepLink(for:)``'s answer, with no task, timer or continuation, and
    /// `nil` sends the call through ``deferredDeepLink(for:)``, raced against its
    /// deadline. An answer must be what ``deferredDeepLink(for:)`` would give, and the
    /// request must be recorded as that call records it; `nil` records
    /// nothing. The default is `nil`: a backend that always waits (over the
    /// network, say) need not implement it.
    func deferredDeepLinkImmediately(
        for request: InstallAttributionRequest
    ) -> Result<DeferredDeepLinkResponse, any Error>?
}

extension DeferredDeepLinkSource {
    /// No answer without waiting: every call goes through ``deferredDeepLink(for:)``.
    public func deferredDeepLinkImmediately(
        for request: InstallAttributionRequest
    ) -> Result<DeferredDeepLinkResponse, any Error>? {
        nil
    }
}
