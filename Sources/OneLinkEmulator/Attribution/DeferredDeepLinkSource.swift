import Foundation

/// Answers the SDK's one deferred-deep-link (UDL) lookup on a first launch.
///
/// Contract for conforming types:
/// - ``deferredDeepLink(for:)`` answers as `POST /v1.0/ios/{appID}` does:
///   found with the click event when a OneLink click by this device falls
///   within the lookup window before ``InstallAttributionRequest/installTime``
///   (15 minutes on the real service), not found otherwise.
/// - For privacy (iOS 14.5+), a found click event holds only `deep_link_value`,
///   `deep_link_sub1`…`deep_link_sub10` and `match_type`; use
///   ``DeferredDeepLinkResponse/privacyFiltered(_:)``.
/// - Failures are thrown as ``AttributionError``. Implementations must be safe
///   to call from many tasks at once and honour cancellation.
public protocol DeferredDeepLinkSource: Sendable {
    /// Looks up a deferred deep link for one install.
    ///
    /// - Throws: ``AttributionError``.
    func deferredDeepLink(for request: InstallAttributionRequest) async throws -> DeferredDeepLinkResponse
}

/// The answer to a deferred-deep-link lookup: `{"found": bool, "click_event": {...}}`.
public struct DeferredDeepLinkResponse: Sendable, Hashable {
    /// Whether a click matched.
    public var found: Bool
    /// The matched click's deep-link parameters; empty when not found.
    public var clickEvent: AttributionPayload

    /// Creates a response.
    public init(found: Bool, clickEvent: AttributionPayload = [:]) {
        self.found = found
        self.clickEvent = clickEvent
    }

    /// The answer when no click matched.
    public static let notFound = DeferredDeepLinkResponse(found: false)

    /// The keys a deferred click event keeps for a new user: `deep_link_value`, `deep_link_sub1`…`10`, `match_type`.
    public static let privacyKeys: [String] =
        ["deep_link_value"] + (1...10).map { "deep_link_sub\($0)" } + ["match_type"]

    /// A found response whose click event holds only the ``privacyKeys``.
    public static func privacyFiltered(_ clickEvent: AttributionPayload) -> DeferredDeepLinkResponse {
        DeferredDeepLinkResponse(found: true, clickEvent: clickEvent.keeping(privacyKeys))
    }
}

/// One OneLink click an in-memory deferred source can match.
public struct DeferredClick: Sendable, Hashable {
    /// When the click happened.
    public var time: Date
    /// The click's parameters (`deep_link_value`, `deep_link_sub1`, ...).
    public var parameters: AttributionPayload
    /// How the click was matched to the install: `probabilistic`, `id_matching` or `srn`.
    public var matchType: String
    /// The device that clicked, or `nil` to match any device.
    public var deviceID: String?

    /// Creates a click.
    public init(
        time: Date, parameters: AttributionPayload, matchType: String = "probabilistic",
        deviceID: String? = nil
    ) {
        self.time = time
        self.parameters = parameters
        self.matchType = matchType
        self.deviceID = deviceID
    }
}

/// A deferred-deep-link source that matches against a list of clicks.
///
/// A click matches when it belongs to the device (or to any device) and
/// happened within ``window`` before the install time, not after it. The
/// latest matching click wins. The click event is privacy-filtered.
public final class InMemoryDeferredDeepLinkSource: DeferredDeepLinkSource, Sendable {
    /// The documented lookup window of the UDL deferred API: 15 minutes.
    public static let defaultWindow: Duration = .seconds(15 * 60)

    private struct State {
        var clicks: [DeferredClick]
    }

    private let state: Locked<State>
    private let core: InMemoryBackendCore<InstallAttributionRequest>
    /// How long before the install a click may be and still match.
    public let window: Duration

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - clicks: The clicks that can match.
    ///   - window: How long before the install a click may be.
    ///   - behavior: How calls are answered.
    ///   - clock: The clock that measures delays.
    public init(
        clicks: [DeferredClick] = [], window: Duration = InMemoryDeferredDeepLinkSource.defaultWindow,
        behavior: InMemoryBehavior = .immediate, clock: any EmulatorClock = SystemClock()
    ) {
        self.state = Locked(State(clicks: clicks))
        self.window = window
        self.core = InMemoryBackendCore(behavior: behavior, clock: clock)
    }

    /// Records one more click.
    public func addClick(_ click: DeferredClick) {
        state.withLock { $0.clicks.append(click) }
    }

    /// How later calls are answered.
    public var behavior: InMemoryBehavior {
        get { core.behavior }
        set { core.behavior = newValue }
    }

    /// The newest lookups received (at most ``requestHistoryLimit``), oldest first.
    public var requests: [InstallAttributionRequest] { core.requests.elements }

    /// The most requests ``requests`` keeps.
    ///
    /// Older ones are dropped; the default is ``RequestHistory/defaultLimit``, and 0 keeps none.
    public var requestHistoryLimit: Int {
        get { core.requests.limit }
        set { core.requests.limit = newValue }
    }

    /// How many requests were dropped from ``requests`` to respect ``requestHistoryLimit``.
    public var droppedRequestCount: Int { core.requests.droppedCount }

    /// Returns the latest click within the window, privacy-filtered, or ``DeferredDeepLinkResponse/notFound``.
    ///
    /// - Throws: ``AttributionError``, or `CancellationError` when cancelled while delayed.
    public func deferredDeepLink(
        for request: InstallAttributionRequest
    ) async throws -> DeferredDeepLinkResponse {
        core.record(request)
        let clicks = state.withLock { $0.clicks }
        try await core.answer()
        let earliest = request.installTime.addingTimeInterval(-window.timeInterval)
        let match =
            clicks
            .filter { ($0.deviceID == nil || $0.deviceID == request.deviceID) }
            .filter { $0.time >= earliest && $0.time <= request.installTime }
            .max { $0.time < $1.time }
        guard let match else { return .notFound }
        var event = match.parameters
        event["match_type"] = .string(match.matchType)
        return .privacyFiltered(event)
    }
}

extension DeferredDeepLinkSource where Self == InMemoryDeferredDeepLinkSource {
    /// A source that matches against `clicks` within `window` before the install.
    public static func inMemory(
        clicks: [DeferredClick] = [], window: Duration = InMemoryDeferredDeepLinkSource.defaultWindow,
        behavior: InMemoryBehavior = .immediate, clock: any EmulatorClock = SystemClock()
    ) -> InMemoryDeferredDeepLinkSource {
        InMemoryDeferredDeepLinkSource(clicks: clicks, window: window, behavior: behavior, clock: clock)
    }
}
