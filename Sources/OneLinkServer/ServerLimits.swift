import OneLinkEmulator
import OneLinkSupport

/// The limits the server enforces on connections and requests.
public struct ServerLimits: Sendable, Hashable {
    /// The largest request head (request line, headers, blank line): 16 KiB by default; over it, 431.
    public var maximumHeaderBytes: Int
    /// The largest request body: 1 MiB by default; over it, 413.
    public var maximumBodyBytes: Int
    /// How long a client may take to send a complete request (head and body) from its first byte,
    /// or from the connection's opening: 10 s by default; then 408 and the connection is closed.
    ///
    /// Measured on the real monotonic clock, not the configured ``OneLinkServer/Configuration/clock``.
    /// An idle keep-alive connection that sends nothing for this long is closed without a 408.
    public var requestTimeout: Duration
    /// The most connections open at once, 1024 by default.
    ///
    /// Clients over the limit are not refused: they wait in the listen backlog (``listenBacklog``)
    /// and are accepted as connections close. While they wait, a connection that has waited
    /// ``evictionAge`` for a request is closed to make room (an idle keep-alive connection
    /// silently, a slow client with 408), so slow clients cannot starve well-behaved ones.
    public var maximumConnections: Int
    /// How many not-yet-accepted connections the kernel queues: 4096 by default (the system may
    /// cap it, as Linux does at `net.core.somaxconn`).
    public var listenBacklog: Int
    /// How long a connection must have waited for a request before it may be evicted to make room
    /// at the connection limit: 1 s by default.
    public var evictionAge: Duration

    /// Creates limits.
    public init(
        maximumHeaderBytes: Int = HTTPRequestParser.Limits.defaultMaximumHeaderBytes,
        maximumBodyBytes: Int = HTTPRequestParser.Limits.defaultMaximumBodyBytes,
        requestTimeout: Duration = .seconds(10), maximumConnections: Int = 1024, listenBacklog: Int = 4096,
        evictionAge: Duration = .seconds(1)
    ) {
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumBodyBytes = maximumBodyBytes
        self.requestTimeout = requestTimeout
        self.maximumConnections = max(1, maximumConnections)
        self.listenBacklog = max(1, listenBacklog)
        self.evictionAge = max(.zero, evictionAge)
    }

    /// The parser limits these limits imply.
    public var parserLimits: HTTPRequestParser.Limits {
        HTTPRequestParser.Limits(maximumHeaderBytes: maximumHeaderBytes, maximumBodyBytes: maximumBodyBytes)
    }
}
