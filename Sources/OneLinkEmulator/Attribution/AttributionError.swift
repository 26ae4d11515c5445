import Foundation

/// The error every failure callback and every backend reports.
///
/// `onConversionDataFail`, `onAppOpenAttributionFailure` and a `.failure`
/// ``DeepLinkResult`` all carry one of these; backends throw them too, so a
/// caller can switch on the cause whether the backend was in memory or HTTP.
public enum AttributionError: Error, Sendable, Hashable {
    /// The SDK was misused, for example started without `appsFlyerDevKey` or `appleAppID`.
    case developerError(String)
    /// No answer arrived within the limit, in milliseconds (`deepLinkTimeout` for deep links).
    case timedOut(milliseconds: Int)
    /// The connection was refused, reset or dropped.
    case connectionFailed(String)
    /// The host name did not resolve.
    case hostNotFound(String)
    /// The TLS handshake or certificate check failed.
    case tlsFailure(String)
    /// The server answered with a non-2xx status; `reason` is its `error_reason`, when it gave one.
    case httpStatus(code: Int, reason: String?)
    /// The response body is not JSON, not a JSON object, or lacks a required field.
    case invalidResponse(String)
    /// The response body is larger than the limit, in bytes.
    case responseTooLarge(limit: Int)
    /// The response ended before the length the server announced.
    case truncatedResponse(expected: Int?, received: Int)
    /// Unwrapping a wrapped link came back to a URL it had already visited.
    case redirectLoop(String)
    /// Unwrapping a wrapped link needed more hops than the limit.
    case tooManyRedirects(limit: Int)
    /// Plain `http` was used for a host that is not loopback.
    case insecureTransport(String)
    /// The link could not be parsed.
    case invalidLink(LinkError)
    /// Anything else; the text says what happened.
    case unexpected(String)
    /// `start()` began no session: `minTimeBetweenSessions` had not passed since the last one.
    ///
    /// Reported only to `start(completionHandler:)` and `try await start()`,
    /// which receive it as the real SDK's `NSError` in `com.appsflyer.sdk.event`,
    /// code 10 (``bridged``); ``init(wrapping:)`` gives this case back.
    case sessionSkipped(elapsedMilliseconds: Int, minimumSeconds: UInt)
    /// The SDK is stopped (`isStopped`): the call sent nothing.
    ///
    /// Reported only to completion handlers, so that `try await start()` does not wait forever.
    case sdkStopped
}

extension AttributionError {
    /// The documented error kinds of a UDL failure (`DeepLinkResult.error`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The answer did not arrive within `deepLinkTimeout`.
        case timeout = "TIMEOUT"
        /// The network failed: refused, reset, DNS or TLS.
        case network = "NETWORK"
        /// The server answered with a non-2xx status code.
        case httpStatusCode = "HTTP_STATUS_CODE"
        /// The answer could not be used, or something else went wrong.
        case unexpected = "UNEXPECTED"
        /// The SDK was misused.
        case developerError = "DEVELOPER_ERROR"
    }

    /// The documented kind this error falls under.
    public var kind: Kind {
        switch self {
        case .developerError, .sessionSkipped, .sdkStopped: return .developerError
        case .timedOut: return .timeout
        case .connectionFailed, .hostNotFound, .tlsFailure, .insecureTransport: return .network
        case .httpStatus: return .httpStatusCode
        case .invalidResponse, .responseTooLarge, .truncatedResponse, .redirectLoop, .tooManyRedirects,
            .invalidLink, .unexpected:
            return .unexpected
        }
    }

    /// Wraps any error a backend threw: an ``AttributionError`` passes through, anything else becomes ``unexpected(_:)``.
    public init(wrapping error: any Error) {
        if let error = error as? AttributionError {
            self = error
        } else if let error = (error as? AttributionNSError)?.attributionError {
            self = error
        } else if let error = error as? LinkError {
            self = .invalidLink(error)
        } else if error is CancellationError {
            self = .unexpected("cancelled")
        } else {
            self = .unexpected(String(describing: error))
        }
    }
}

extension AttributionError: CustomStringConvertible {
    /// What printing the error shows: the real SDK's `NSError` text, such as
    /// `Error Domain=com.appsflyer.sdk.network Code=50 "Status code failure: 403" UserInfo={NSLocalizedDescription=Status code failure: 403}`.
    ///
    /// The emulator's own one-line explanation is ``explanation``.
    public var description: String {
        let text = localizedText
        var info = "NSLocalizedDescription=\(text)"
        if let code = underlyingURLErrorCode {
            info += ", NSUnderlyingError={Error Domain=\(NSURLErrorDomain) Code=\(code) \"\(explanation)\"}"
        }
        return "Error Domain=\(domain) Code=\(errorCode) \"\(text)\" UserInfo={\(info)}"
    }

    /// The emulator's one-line explanation, prefixed with the documented kind: `HTTP_STATUS_CODE: HTTP status 403: forbidden`.
    ///
    /// Replay reports and debug logs show this text; printing the error shows the SDK's (``description``).
    public var explanation: String {
        let detail: String
        switch self {
        case .developerError(let message): detail = message
        case .timedOut(let milliseconds): detail = "no answer within \(milliseconds) ms"
        case .connectionFailed(let message): detail = "connection failed: \(message)"
        case .hostNotFound(let host): detail = "host not found: \(host)"
        case .tlsFailure(let message): detail = "TLS failure: \(message)"
        case .httpStatus(let code, let reason):
            detail = "HTTP status \(code)" + (reason.map { ": \($0)" } ?? "")
        case .invalidResponse(let message): detail = "invalid response: \(message)"
        case .responseTooLarge(let limit): detail = "response body larger than \(limit) bytes"
        case .truncatedResponse(let expected, let received):
            detail =
                "response truncated after \(received) bytes"
                + (expected.map { " of \($0)" } ?? "")
        case .redirectLoop(let url): detail = "redirect loop at \(url)"
        case .tooManyRedirects(let limit): detail = "more than \(limit) redirects"
        case .insecureTransport(let url): detail = "plain http is allowed only for loopback hosts: \(url)"
        case .invalidLink(let error): detail = "invalid link: \(error)"
        case .unexpected(let message): detail = message
        case .sessionSkipped(let elapsed, let minimum):
            detail = "skip launch: \(elapsed) ms since the last session, minimum \(minimum) s"
        case .sdkStopped: detail = "the SDK is stopped (isStopped); nothing was sent"
        }
        return "\(kind.rawValue): \(detail)"
    }
}
