import Foundation

extension AttributionError: CustomNSError {
    /// The error domain every ``AttributionError`` bridges to: `com.appsflyer.sdk.network`, as the real SDK reports request failures.
    ///
    /// Swift bridges one domain per error type, and one type keeps
    /// `error as? AttributionError` working, so errors the real SDK may report
    /// in other domains share this one; their codes tell them apart.
    public static let errorDomain = "com.appsflyer.sdk.network"

    /// The `NSError` code: 0, 10 and 50 are the real SDK codes, the others the emulator's own.
    ///
    /// | Code | Cases | `localizedDescription` |
    /// |---|---|---|
    /// | 0 | timeouts and network failures | `Request failed`, with the URL error under `NSUnderlyingErrorKey` |
    /// | 10 | ``sessionSkipped(elapsedMilliseconds:minimumSeconds:)`` | `Skip launch: …` |
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

    /// The description, the failure reason and, for request failures, the underlying URL error.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [
            NSLocalizedDescriptionKey: localizedText,
            NSLocalizedFailureReasonErrorKey: description,
        ]
        if let code = underlyingURLErrorCode {
            info[NSUnderlyingErrorKey] = NSError(
                domain: NSURLErrorDomain, code: code,
                userInfo: [NSLocalizedDescriptionKey: description])
        }
        return info
    }

    private var localizedText: String {
        switch self {
        case .timedOut, .connectionFailed, .hostNotFound, .tlsFailure, .insecureTransport:
            return "Request failed"
        case .httpStatus(let code, _): return "Status code failure: \(code)"
        case .sessionSkipped(let elapsed, let minimum):
            return "Skip launch: \(elapsed) ms since the last session, minTimeBetweenSessions is \(minimum) s"
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

    /// The one-line explanation, prefixed with the documented kind (the same text as ``description``).
    public var failureReason: String? { description }
}
