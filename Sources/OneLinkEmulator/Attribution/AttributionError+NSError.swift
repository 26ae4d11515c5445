public import Foundation

extension AttributionError: CustomNSError {
    /// The error domain an ``AttributionError`` bridges to with `as NSError`: `com.appsflyer.sdk.network`, as the real SDK reports request failures.
    ///
    /// Swift bridges one domain per error type, and one type keeps
    /// `error as? AttributionError` working. The one case the real SDK reports
    /// in another domain, ``sessionSkipped(elapsedMilliseconds:minimumSeconds:)``
    /// (`com.appsflyer.sdk.event`), reaches the app as ``bridged``, an `NSError`
    /// in that domain; ``domain`` names each case's domain.
    public static let errorDomain = "com.appsflyer.sdk.network"

    /// The domain the real SDK reports with `start()`'s error for a session inside `minTimeBetweenSessions`.
    public static let eventErrorDomain = "com.appsflyer.sdk.event"

    /// The real SDK's domain for this error: ``eventErrorDomain`` for a skipped session, ``errorDomain`` for the rest.
    public var domain: String {
        if case .sessionSkipped = self { return Self.eventErrorDomain }
        return Self.errorDomain
    }

    /// The error as the app receives it: the error itself, or, where its ``domain`` is not ``errorDomain``, an `NSError` in that domain.
    ///
    /// `start(completionHandler:)` and `try await start()` hand this over, so
    /// `(error as NSError).domain` reads as with the real SDK;
    /// ``init(wrapping:)`` turns it back into the typed error.
    public var bridged: any Error {
        domain == Self.errorDomain ? self : AttributionNSError(self)
    }

    /// The `NSError` code: 0, 10 and 50 are the real SDK codes, the others the emulator's own.
    ///
    /// | Code | Cases | `localizedDescription` |
    /// |---|---|---|
    /// | 0 | timeouts and network failures | `Request failed`, with the URL error under `NSUnderlyingErrorKey` |
    /// | 10 | ``sessionSkipped(elapsedMilliseconds:minimumSeconds:)``, in `com.appsflyer.sdk.event` | ``minTimeBetweenSessionsMessage`` |
    /// | 50 | ``httpStatus(code:reason:)`` | `Status code failure: 403` |
    /// | 20 | ``developerError(_:)`` | the message |
    /// | 21 | ``sdkStopped`` | `The SDK is stopped` |
    /// | 30 | an unusable response body | `Invalid response: …` |
    /// | 31 | too many redirects, or a redirect loop | `Redirect failure: …` |
    /// | 40 | ``invalidLink(_:)`` | `Invalid link: …` |
    /// | 90 | ``unexpected(_:)`` | the message |
    public var errorCode: Int {
        switch self {
        case .timedOut, .connectionFailed, .hostNotFound, .tlsFailure, .insecureTransport: return 0
        case .sessionSkipped: return 10
        case .developerError: return 20
        case .sdkStopped: return 21
        case .invalidResponse, .responseTooLarge, .truncatedResponse: return 30
        case .redirectLoop, .tooManyRedirects: return 31
        case .invalidLink: return 40
        case .httpStatus: return 50
        case .unexpected: return 90
        }
    }

    /// The URL error a request failure wraps, as the real SDK's code-0 errors carry it.
    public var underlyingURLErrorCode: Int? {
        switch self {
        case .timedOut: return NSURLErrorTimedOut
        case .connectionFailed: return NSURLErrorCannotConnectToHost
        case .hostNotFound: return NSURLErrorCannotFindHost
        case .tlsFailure: return NSURLErrorSecureConnectionFailed
        case .insecureTransport: return NSURLErrorAppTransportSecurityRequiresSecureConnection
        default: return nil
        }
    }

    /// The text the real SDK gives a start inside `minTimeBetweenSessions` (appsflyer-capacitor-plugin#152, SDK 6.15).
    public static let minTimeBetweenSessionsMessage = "Event timeout. Check `minTimeBetweenSessions` param"

    /// The description and, for request failures, the underlying URL error: the keys the real SDK's errors carry.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: localizedText]
        if let code = underlyingURLErrorCode {
            info[NSUnderlyingErrorKey] = NSError(
                domain: NSURLErrorDomain, code: code,
                userInfo: [NSLocalizedDescriptionKey: explanation])
        }
        return info
    }

    var localizedText: String {
        switch self {
        case .timedOut, .connectionFailed, .hostNotFound, .tlsFailure, .insecureTransport:
            return "Request failed"
        case .httpStatus(let code, _): return "Status code failure: \(code)"
        case .sessionSkipped: return Self.minTimeBetweenSessionsMessage
        case .developerError(let message), .unexpected(let message): return message
        case .sdkStopped: return "The SDK is stopped (isStopped); nothing was sent"
        case .invalidResponse(let message): return "Invalid response: \(message)"
        case .responseTooLarge(let limit): return "Invalid response: response body larger than \(limit) bytes"
        case .truncatedResponse(let expected, let received):
            return "Invalid response: response truncated after \(received) bytes"
                + (expected.map { " of \($0)" } ?? "")
        case .redirectLoop(let url): return "Redirect failure: redirect loop at \(url)"
        case .tooManyRedirects(let limit): return "Redirect failure: more than \(limit) redirects"
        case .invalidLink(let error): return "Invalid link: \(error)"
        }
    }
}

extension AttributionError: LocalizedError {
    /// What `localizedDescription` shows: `Request failed`, `Status code failure: 403`, or the message.
    public var errorDescription: String? { localizedText }
}
