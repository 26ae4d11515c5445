/// What every in-memory backend shares: an ``InMemoryBehavior`` that decides how it answers, and the
/// bounded log of the requests it received.
///
/// The package's in-memory backends (``InMemoryShortLinkResolver``, ``InMemoryConversionDataSource``,
/// ``InMemoryDeferredDeepLinkSource``, ``InMemoryLaunchRecorder``, ``InMemoryEventRecorder``,
/// ``InMemoryPurchaseValidator``, ``InMemoryShortLinkCreator``) conform, so each has these properties
/// and a test can treat any of them alike:
///
/// ```swift
/// func stall(_ backends: [any InMemoryBackend]) {
///     for backend in backends { backend.behavior = .stalled }
/// }
/// ```
public protocol InMemoryBackend: AnyObject, Sendable {
    /// What the backend receives, such as a ``ShortLinkRequest``.
    associatedtype Request: Sendable
    /// The behaviour, clock and request log the shared properties read and write.
    var core: InMemoryBackendCore<Request> { get }
}

extension InMemoryBackend {
    /// How later calls are answered.
    public var behavior: InMemoryBehavior {
        get { core.behavior }
        set { core.behavior = newValue }
    }

    /// The newest requests received (at most ``requestHistoryLimit``), oldest first, whether answered or failed.
    public var requests: [Request] { core.requests.elements }

    /// The most requests ``requests`` keeps.
    ///
    /// Older ones are dropped; the default is ``RequestHistory/defaultLimit``, and 0 keeps none.
    @inlinable public var requestHistoryLimit: Int {
        get { core.requests.limit }
        set { core.requests.limit = newValue }
    }

    /// How many requests were dropped from ``requests`` to respect ``requestHistoryLimit``.
    public var droppedRequestCount: Int { core.requests.droppedCount }

    /// Every request received so far, kept or dropped, without copying ``requests``.
    @inlinable package var receivedRequestCount: Int { core.requests.receivedCount }

    /// The newest `count` requests kept, oldest first, without copying the rest.
    @inlinable package func newestRequests(_ count: Int) -> [Request] { core.requests.newest(count) }
}
