import Foundation
import OneLinkEmulator

/// An error as the log printed it: `Error Domain=com.appsflyer.sdk.network Code=50 "Status code failure: 403"`.
struct LoggedError: Sendable, Hashable {
    var domain: String
    var code: Int
    var message: String
    /// The `NSURLErrorDomain` code of an underlying error, such as -1001 for a timeout.
    var underlyingCode: Int?

    /// The emulator's error kind for this code, as `didResolveDeepLink` and the scenario format name it.
    var kind: AttributionError.Kind {
        switch code {
        case 0:
            return underlyingCode == -1001 || message.lowercased().contains("timed out") ? .timeout : .network
        case 50: return .httpStatusCode
        case 10, 20, 21: return .developerError
        default: return .unexpected
        }
    }

    /// The HTTP status of a `Status code failure: 403` message.
    var httpStatus: Int? {
        guard let range = message.range(of: "Status code failure: ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }
}

/// A deep-link result as `[DDL] Calling didResolveDeepLink with:` printed it.
struct LoggedDeepLink: Sendable, Hashable {
    /// `FOUND`, `NOT_FOUND` or `ERROR`.
    var status: String
    var isDeferred: Bool?
    var clickEvent: AttributionPayload?
    var error: LoggedError?
}

/// One thing the SDK's log shows, at a line of the paste.
struct LogEvent: Sendable {
    enum Kind: Sendable {
        /// `AppsFlyer SDK version 6.8.0 started build (83)`: a process's first session begins.
        case process(version: String)
        /// `[DDL] Delegate: …`: the app set a deep-link delegate, so UDL.
        case deepLinkDelegate
        /// `[DDL] Start DDL`: the first launch's deferred lookup.
        case deferredStart
        /// `[DDL] DDL already has been resolved`: a later launch in UDL mode.
        case deferredDone
        /// `SEND Start:` with its body: a session's launch request; `counter` 1 is the install's first.
        case launch(counter: Int?, appID: String?)
        /// `Start`, or SDK 7's `[START]` lines: a session start, whose launch request may follow.
        case start
        /// `[WARNING] Skip launch`: a start inside `minTimeBetweenSessions`, with no session.
        case skippedStart
        /// A universal link, a URI-scheme link, a push or `performOnAppAttribution` handed to the SDK.
        case universalLink(String)
        case openURL(String)
        case push(AttributionPayload)
        case performOnAppAttribution(String)
        /// A callback and its payload, status or error.
        case conversionData(AttributionPayload)
        case conversionFailure(LoggedError)
        case openAttribution(AttributionPayload)
        case openAttributionFailure(LoggedError)
        case deepLink(LoggedDeepLink)
        /// `[Shortlink] OneLink:` and the parameters the short link resolved to.
        case shortLinkStored(AttributionPayload)
        /// `Delegate is nil or does not respond to …`: the callback found no delegate.
        case dropped(callback: String)
        /// An `NSError` of the SDK's domains printed on its own, such as a start completion's.
        case error(LoggedError)
    }

    var line: Int
    var time: Date?
    var kind: Kind
}
