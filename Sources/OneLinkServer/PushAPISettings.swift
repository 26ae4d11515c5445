/// Where and how the server sends Push API postbacks: one message per install and in-app event to
/// each endpoint, as https://support.appsflyer.com/hc/en-us/articles/207034356 describes.
public struct PushAPISettings: Sendable {
    /// The receivers; the Push API allows up to 6 an app, the emulator does not limit them.
    public var endpoints: [PushAPIEndpoint]
    /// The authentication token sent in ``tokenName``; `nil` sends none.
    public var token: String?
    /// The token's header: `Authorization` (the documented default) or an `X-` name.
    public let tokenName: String
    /// Attempts per message and endpoint, the first included; at least 1.
    public var maximumAttempts: Int
    /// The wait before the first retry, doubled before each further one (on the server's clock).
    public var retryDelay: Duration

    /// Creates settings.
    ///
    /// - Throws: ``PushAPIError/invalidTokenName(_:)`` when `tokenName` is neither `Authorization`
    ///   nor `X-` and at most 28 more of `a-z A-Z 0-9 - _`, the documented rule.
    public init(
        endpoints: [PushAPIEndpoint], token: String? = nil, tokenName: String = "Authorization",
        maximumAttempts: Int = 3, retryDelay: Duration = .seconds(5)
    ) throws(PushAPIError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        guard
            tokenName == "Authorization"
                || (tokenName.hasPrefix("X-") && tokenName.count <= 30
                    && tokenName.dropFirst(2).allSatisfy(allowed.contains))
        else { throw .invalidTokenName(tokenName) }
        self.endpoints = endpoints
        self.token = token
        self.tokenName = tokenName
        self.maximumAttempts = max(1, maximumAttempts)
        self.retryDelay = retryDelay
    }
}
