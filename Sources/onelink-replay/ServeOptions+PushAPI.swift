import Foundation
import OneLinkServer
import OneLinkSupport

extension ServeOptions {
    /// The Push API settings of `--push-url`, `--push-method`, `--push-token`, `--push-token-name`
    /// and `--push-in-app-events`; `nil` without a `--push-url`.
    ///
    /// - Parameter allowedHosts: The `--push-allow-host` hosts a `--push-url` may name besides loopback.
    static func pushAPI(
        _ arguments: ParsedArguments, allowedHosts: Set<String> = []
    ) throws(UsageError) -> PushAPISettings? {
        let urls = arguments.values("--push-url")
        let defaultMethod =
            try arguments.value("--push-method", expected: "GET or POST") {
                PushAPIEndpoint.Method(rawValue: $0.uppercased())
            } ?? .post
        guard !urls.isEmpty else {
            for option in [
                "--push-method", "--push-token", "--push-token-name", "--push-in-app-events",
                "--push-event-types",
                "--push-fields",
            ] where arguments.value(option) != nil {
                throw UsageError("\(option) needs a --push-url")
            }
            return nil
        }
        let token = arguments.value("--push-token")
        if token?.isEmpty == true { throw UsageError("--push-token needs a non-empty token") }
        let selectedInAppEvents = try inAppEvents(arguments.value("--push-in-app-events"))
        let eventTypes = try names(
            arguments.value("--push-event-types"), option: "--push-event-types",
            allowed: Set(PushAPISettings.eventTypes), kind: "message type")
        let fields = try names(
            arguments.value("--push-fields"), option: "--push-fields", allowed: PushAPISettings.messageFields,
            kind: "message field")
        do throws(PushAPIError) {
            let endpoints = try urls.map { text throws(PushAPIError) in
                for method in PushAPIEndpoint.Method.allCases {
                    let prefix = method.rawValue.lowercased() + ":"
                    if text.lowercased().hasPrefix(prefix) {
                        return try PushAPIEndpoint(
                            url: String(text.dropFirst(prefix.count)), method: method,
                            allowedHosts: allowedHosts)
                    }
                }
                return try PushAPIEndpoint(url: text, method: defaultMethod, allowedHosts: allowedHosts)
            }
            var settings = try PushAPISettings(
                endpoints: endpoints, token: token,
                tokenName: arguments.value("--push-token-name") ?? "Authorization")
            settings.selectedInAppEvents = selectedInAppEvents
            settings.selectedEventTypes = eventTypes
            settings.selectedFields = fields
            return settings
        } catch {
            let option =
                switch error {
                case .invalidToken: "--push-token"
                case .invalidTokenName: "--push-token-name"
                case .invalidURL, .notLoopback, .urlTooLong: "--push-url"
                }
            if case .notLoopback(let host) = error {
                throw UsageError(
                    "--push-url: host \"\(QuotedInput.prefix(host))\" is not loopback (127.0.0.1, ::1 or "
                        + "localhost); name it with --push-allow-host (with --allow-remote) to send messages there"
                )
            }
            throw UsageError("\(option): \(QuotedInput.message(error.description))")
        }
    }

    /// The names of `--push-event-types` or `--push-fields` (comma-separated; `all`, or no option, is
    /// every one), each one of `allowed`.
    private static func names(
        _ text: String?, option: String, allowed: Set<String>, kind: String
    ) throws(UsageError) -> Set<String>? {
        guard let text, text != "all" else { return nil }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if let bad = names.first(where: { !allowed.contains($0) }) {
            throw UsageError(
                "\(option): \"\(QuotedInput.prefix(bad))\" is not a Push API \(kind); "
                    + "see the configuration API's list, or all")
        }
        return Set(names)
    }

    /// The event names of `--push-in-app-events` (comma-separated; `all`, or no option, is every event).
    private static func inAppEvents(_ text: String?) throws(UsageError) -> Set<String>? {
        guard let text, text != "all" else { return nil }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !names.contains(where: \.isEmpty) else {
            throw UsageError("--push-in-app-events needs event names separated by commas, or all")
        }
        return Set(names)
    }
}
