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
    /// The in-app events whose messages are sent, by event name (exact); `nil` sends every one.
    ///
    /// The configuration API's per-endpoint `selected_inapps` ("all" or a list of names,
    /// https://dev.appsflyer.com/hc/reference/get_app-app-id), applied to every endpoint: an
    /// in-app event message (`install-in-app-event`, `organic-install-in-app-event`,
    /// `re-engagement-in-app-event`, `re-attribution-in-app-event`) for another event is not sent.
    /// Install, reinstall, re-attribution and re-engagement messages are not filtered.
    public var selectedInAppEvents: Set<String>?

    /// Creates settings.
    ///
    /// - Throws: ``PushAPIError/invalidTokenName(_:)`` when `tokenName` is neither `Authorization`
    ///   nor `X-` and at most 28 more of `a-z A-Z 0-9 - _`, and
    ///   ``PushAPIError/invalidToken(characterCount:character:)`` when `token` is not at most 2,000
    ///   of `a-z A-Z 0-9`, space, `-`, `_` and `.`: the rules of the token configuration API
    ///   (https://dev.appsflyer.com/hc/reference/authentication-token, `^[ \-_.a-zA-Z0-9]*$`).
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
        if let token {
            let tokenCharacters = allowed.union(" .")
            if let bad = token.first(where: { !tokenCharacters.contains($0) }) {
                throw .invalidToken(characterCount: token.count, character: bad)
            }
            if token.count > 2000 { throw .invalidToken(characterCount: token.count, character: nil) }
        }
        self.endpoints = endpoints
        self.token = token
        self.tokenName = tokenName
        self.maximumAttempts = max(1, maximumAttempts)
        self.retryDelay = retryDelay
    }
}
