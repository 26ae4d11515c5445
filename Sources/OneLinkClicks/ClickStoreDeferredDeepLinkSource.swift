import Foundation
public import OneLinkEmulator

/// A deferred-deep-link (UDL) source that answers from the clicks in a ``ClickStore``.
///
/// A click is found when it matches the install by ID or fingerprint (the
/// ``InstallMatcher`` rules) and happened within ``window`` before the
/// install time, edges included: with the default 15 minutes, a click exactly
/// 15:00 before the install is found and one 15:00.001 before is not. The
/// answer is ``DeferredDeepLinkResponse/privacyFiltered(_:)``: `deep_link_value`,
/// the `deep_link_sub1`…`10` the click set, `match_type` and the withheld
/// attribution keys as `""`. A click a self-reporting network claimed
/// (``MatchType/srn``) is ``DeferredDeepLinkResponse/notFound``: UDL does not
/// serve SRN installs. Store failures are reported as
/// ``AttributionError/unexpected(_:)``.
public final class ClickStoreDeferredDeepLinkSource: DeferredDeepLinkSource, Sendable {
    private let requestLog = RequestLog<InstallAttributionRequest>()
    /// The clicks installs are matched against.
    public let store: any ClickStore
    /// The matching rules.
    public let matcher: InstallMatcher
    /// How long before the install a click may be and still be found.
    public let window: Duration

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - store: The clicks installs are matched against.
    ///   - window: How long before the install a click may be; the service uses 15 minutes.
    ///   - matcher: The matching rules.
    public init(
        store: any ClickStore, window: Duration = InMemoryDeferredDeepLinkSource.defaultWindow,
        matcher: InstallMatcher = .standard
    ) {
        self.store = store
        self.window = window
        self.matcher = matcher
    }

    /// The newest lookups received (at most ``requestHistoryLimit``), oldest first.
    public var requests: [InstallAttributionRequest] { requestLog.elements }

    /// The most requests ``requests`` keeps.
    ///
    /// Older ones are dropped; the default is ``RequestHistory/defaultLimit``, and 0 keeps none.
    public var requestHistoryLimit: Int {
        get { requestLog.limit }
        set { requestLog.limit = newValue }
    }

    /// How many requests were dropped from ``requests`` to respect ``requestHistoryLimit``.
    public var droppedRequestCount: Int { requestLog.droppedCount }

    /// Returns the last matching click within the window, privacy-filtered, or ``DeferredDeepLinkResponse/notFound``.
    ///
    /// - Throws: ``AttributionError/unexpected(_:)`` when the store fails, `CancellationError` when cancelled.
    public func deferredDeepLink(
        for request: InstallAttributionRequest
    ) async throws -> DeferredDeepLinkResponse {
        requestLog.append(request)
        try Task.checkCancellation()
        let found: InstallMatch?
        do {
            found = try await matcher.match(
                device: request.device, deviceID: request.deviceID, installTime: request.installTime,
                in: store,
                within: window)
        } catch {
            throw AttributionError.unexpected("click store: \(error)")
        }
        return found.map { .found($0.deferredClick) } ?? .notFound
    }

    /// ``deferredDeepLink(for:)`` without suspending, when the store answers without waiting (``InMemoryClickStore``); `nil` (and nothing recorded) otherwise.
    public func deferredDeepLinkImmediately(
        for request: InstallAttributionRequest
    ) -> Result<DeferredDeepLinkResponse, any Error>? {
        guard let clicks = store.candidateClicksImmediately(for: request, within: window) else { return nil }
        requestLog.append(request)
        return clicks.map { clicks in
            let found = matcher.match(
                device: request.device, deviceID: request.deviceID, installTime: request.installTime,
                among: clicks, within: window)
            return found.map { .found($0.deferredClick) } ?? .notFound
        }
    }
}

extension DeferredDeepLinkSource where Self == ClickStoreDeferredDeepLinkSource {
    /// A source that finds deferred deep links among the clicks in `store`.
    public static func clickStore(
        _ store: any ClickStore, window: Duration = InMemoryDeferredDeepLinkSource.defaultWindow,
        matcher: InstallMatcher = .standard
    ) -> ClickStoreDeferredDeepLinkSource {
        ClickStoreDeferredDeepLinkSource(store: store, window: window, matcher: matcher)
    }
}
