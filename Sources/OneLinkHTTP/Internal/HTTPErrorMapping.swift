import Foundation
import OneLinkEmulator

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns whatever a transport threw into an ``AttributionError`` or `CancellationError`.
enum HTTPErrorMapping {
    /// Maps `error` from sending `request`: ``AttributionError`` and `CancellationError` pass through,
    /// `URLError` codes map to the matching case, anything else becomes ``AttributionError/unexpected(_:)``.
    static func map(_ error: any Error, for request: HTTPRequest) -> any Error {
        if error is AttributionError || error is CancellationError { return error }
        if let code = urlErrorCode(of: error) { return map(code: code, for: request) }
        return AttributionError.unexpected(
            "\(request.method) \(request.url.absoluteString) failed: \(String(describing: error))")
    }

    /// The `URLError` code of `error`, when it is one.
    ///
    /// Raw codes are used because `URLError.Code(rawValue:)` is failable only on some platforms.
    static func urlErrorCode(of error: any Error) -> Int? {
        if let urlError = error as? URLError { return urlError.code.rawValue }
        let nsError = error as NSError
        return nsError.domain == NSURLErrorDomain ? nsError.code : nil
    }

    /// Maps one raw `URLError` code.
    static func map(code: Int, for request: HTTPRequest) -> any Error {
        let url = request.url.absoluteString
        let host = HTTPURLPolicy.hostName(of: request.url) ?? url
        switch code {
        case URLError.Code.cancelled.rawValue:
            return CancellationError()
        case URLError.Code.timedOut.rawValue:
            return AttributionError.timedOut(milliseconds: Int(request.timeout.wholeMilliseconds))
        case URLError.Code.cannotConnectToHost.rawValue:
            return AttributionError.connectionFailed("could not connect to \(url)")
        case URLError.Code.networkConnectionLost.rawValue:
            return AttributionError.connectionFailed("the connection was lost during \(url)")
        case URLError.Code.notConnectedToInternet.rawValue:
            return AttributionError.connectionFailed("not connected to the internet: \(url)")
        case URLError.Code.cannotFindHost.rawValue, URLError.Code.dnsLookupFailed.rawValue:
            return AttributionError.hostNotFound(host)
        case URLError.Code.secureConnectionFailed.rawValue,
            URLError.Code.serverCertificateHasBadDate.rawValue,
            URLError.Code.serverCertificateUntrusted.rawValue,
            URLError.Code.serverCertificateHasUnknownRoot.rawValue,
            URLError.Code.serverCertificateNotYetValid.rawValue,
            URLError.Code.clientCertificateRejected.rawValue,
            URLError.Code.clientCertificateRequired.rawValue:
            return AttributionError.tlsFailure("URL error \(code) for \(url)")
        case URLError.Code.appTransportSecurityRequiresSecureConnection.rawValue:
            return AttributionError.insecureTransport(url)
        case URLError.Code.badServerResponse.rawValue, URLError.Code.cannotParseResponse.rawValue,
            URLError.Code.cannotDecodeRawData.rawValue, URLError.Code.cannotDecodeContentData.rawValue,
            URLError.Code.zeroByteResource.rawValue:
            return AttributionError.invalidResponse("malformed HTTP response (URL error \(code)) from \(url)")
        case URLError.Code.dataLengthExceedsMaximum.rawValue:
            return AttributionError.responseTooLarge(limit: request.maximumResponseBytes)
        default:
            return AttributionError.unexpected("URL error \(code) for \(url)")
        }
    }
}
