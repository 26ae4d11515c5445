import OneLinkServer
import OneLinkSupport

extension ServeOptions {
    /// The Push API settings of `--push-url`, `--push-method`, `--push-token` and `--push-token-name`;
    /// `nil` without a `--push-url`.
    static func pushAPI(_ arguments: ParsedArguments) throws(UsageError) -> PushAPISettings? {
        let urls = arguments.values("--push-url")
        let defaultMethod =
            try arguments.value("--push-method", expected: "GET or POST") {
                PushAPIEndpoint.Method(rawValue: $0.uppercased())
            } ?? .post
        guard !urls.isEmpty else {
            for option in ["--push-method", "--push-token", "--push-token-name"]
            where arguments.value(option) != nil {
                throw UsageError("\(option) needs a --push-url")
            }
            return nil
        }
        let token = arguments.value("--push-token")
        if token?.isEmpty == true { throw UsageError("--push-token needs a non-empty token") }
        do throws(PushAPIError) {
            let endpoints = try urls.map { text throws(PushAPIError) in
                for method in PushAPIEndpoint.Method.allCases {
                    let prefix = method.rawValue.lowercased() + ":"
                    if text.lowercased().hasPrefix(prefix) {
                        return try PushAPIEndpoint(url: String(text.dropFirst(prefix.count)), method: method)
                    }
                }
                return try PushAPIEndpoint(url: text, method: defaultMethod)
            }
            return try PushAPISettings(
                endpoints: endpoints, token: token,
                tokenName: arguments.value("--push-token-name") ?? "Authorization")
        } catch {
            throw UsageError("--push-url: \(QuotedInput.message(error.description))")
        }
    }
}
