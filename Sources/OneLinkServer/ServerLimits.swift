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
    /// Connections over the limit are closed at once, without an answer.
    public var maximumConnections: Int

    /// Creates limits.
    public init(
        maximumHeaderBytes: Int = HTTPRequestParser.Limits.defaultMaximumHeaderBytes,
        maximumBodyBytes: Int = HTTPRequestParser.Limits.defaultMaximumBodyBytes,
        requestTimeout: Duration = .seconds(10), maximumConnections: Int = 1024
    ) {
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumBodyBytes = maximumBodyBytes
        self.requestTimeout = requestTimeout
        self.maximumConnections = maximumConnections
    }

    /// The parser limits these limits imply.
    public var parserLimits: HTTPRequestParser.Limits {
        HTTPRequestParser.Limits(maximumHeaderBytes: maximumHeaderBytes, maximumBodyBytes: maximumBodyBytes)
    }
}
