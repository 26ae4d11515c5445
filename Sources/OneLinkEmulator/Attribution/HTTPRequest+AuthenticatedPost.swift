extension HTTPRequest {
    /// A `POST` of a JSON body with the dev key in the `authentication` header, as AppsFlyer's
    /// server-to-server APIs take it: the shape the launch, event and link-creation backends share.
    ///
    /// - Parameters:
    ///   - base: The backend's configured base URL.
    ///   - host: The SDK's `setHost` host, which replaces `base` when set.
    ///   - path: The path, already percent-encoded.
    ///   - devKey: The AppsFlyer dev key.
    ///   - body: The JSON body.
    ///   - accept: The `Accept` header.
    ///   - timeout: How long the request may take.
    static func authenticatedPost(
        base: String, host: String?, path: String, devKey: String, body: AttributionPayload,
        accept: String = "application/json", timeout: Duration
    ) throws(AttributionError) -> HTTPRequest {
        let url = try HTTPURLPolicy.url(
            base: try HTTPURLPolicy.base(forHost: host, else: base), path: path, query: [])
        return HTTPRequest(
            method: .post, url: url,
            headers: ["Accept": accept, "Content-Type": "application/json", "authentication": devKey],
            body: body.jsonData(), timeout: timeout)
    }
}
