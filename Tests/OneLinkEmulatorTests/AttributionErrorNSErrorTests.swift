import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite("AttributionError bridges to the real SDK's NSError shape", .timeLimit(.minutes(5)))
struct AttributionErrorNSErrorTests {
    static let cases: [(AttributionError, code: Int, description: String, underlying: Int?)] = [
        (.httpStatus(code: 403, reason: nil), 50, "Status code failure: 403", nil),
        (.httpStatus(code: 500, reason: "internal"), 50, "Status code failure: 500", nil),
        (.timedOut(milliseconds: 3000), 0, "Request failed", NSURLErrorTimedOut),
        (.connectionFailed("reset"), 0, "Request failed", NSURLErrorCannotConnectToHost),
        (.hostNotFound("x.invalid"), 0, "Request failed", NSURLErrorCannotFindHost),
        (.tlsFailure("bad cert"), 0, "Request failed", NSURLErrorSecureConnectionFailed),
        (
            .insecureTransport("http://x"), 0, "Request failed",
            NSURLErrorAppTransportSecurityRequiresSecureConnection
        ),
        (
            .sessionSkipped(elapsedMilliseconds: 1200, minimumSeconds: 5), 10,
            "Event timeout. Check `minTimeBetweenSessions` param", nil
        ),
        (
            .developerError("start() needs appsFlyerDevKey; no session was started"), 20,
            "start() needs appsFlyerDevKey; no session was started", nil
        ),
        (.invalidResponse("body is not JSON"), 30, "Invalid response: body is not JSON", nil),
        (.responseTooLarge(limit: 10), 30, "Invalid response: response body larger than 10 bytes", nil),
        (.tooManyRedirects(limit: 10), 31, "Redirect failure: more than 10 redirects", nil),
        (.invalidLink(.empty), 40, "Invalid link: \(LinkError.empty)", nil),
        (.unexpected("cancelled"), 90, "cancelled", nil),
    ]

    @Test(
        "Domain, code, localizedDescription and the underlying URL error, case by case",
        arguments: 0..<cases.count)
    func shape(index: Int) throws {
        let (error, code, description, underlying) = Self.cases[index]
        let nsError = error.bridged as NSError
        let domain = code == 10 ? "com.appsflyer.sdk.event" : "com.appsflyer.sdk.network"
        #expect(nsError.domain == domain)
        #expect(error.domain == domain)
        #expect(nsError.code == code)
        #expect(nsError.localizedDescription == description)
        #expect(AttributionError(wrapping: error.bridged) == error)
        #expect(
            String(describing: error.bridged).hasPrefix(
                "Error Domain=\(domain) Code=\(code) \"\(description)\""))
        let wrapped = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        #expect(wrapped?.code == underlying)
        if underlying != nil { #expect(wrapped?.domain == NSURLErrorDomain) }
    }

    @Test("An error delivered as Error stays reachable as AttributionError, and reads like the SDK's")
    func typedErrorReachable() async {
        let fixture = SDKFixture()
        fixture.conversion.behavior = .failing(.httpStatus(code: 403, reason: nil))
        await fixture.sdk.perform(.start)
        guard case .conversionDataFailure(let error)? = fixture.delegate.callbacks.first else {
            Issue.record("expected onConversionDataFail")
            return
        }
        #expect(error as? AttributionError == .httpStatus(code: 403, reason: nil))
        #expect((error as NSError).localizedDescription == "Status code failure: 403")
        #expect(error.localizedDescription == "Status code failure: 403")
    }

    @Test(
        "Rule 14: printing a delivered error shows the real SDK's NSError text, not the emulator's explanation"
    )
    func printedLikeTheSDK() {
        let forbidden = AttributionError.httpStatus(code: 403, reason: "forbidden")
        #expect(
            String(describing: forbidden)
                == #"Error Domain=com.appsflyer.sdk.network Code=50 "Status code failure: 403" UserInfo={NSLocalizedDescription=Status code failure: 403}"#
        )
        #expect("\(forbidden)" == forbidden.description)
        #expect(forbidden.explanation == "HTTP_STATUS_CODE: HTTP status 403: forbidden")
        let timeout = AttributionError.timedOut(milliseconds: 3000)
        #expect(
            timeout.description
                == #"Error Domain=com.appsflyer.sdk.network Code=0 "Request failed" UserInfo={NSLocalizedDescription=Request failed, NSUnderlyingError={Error Domain=NSURLErrorDomain Code=-1001 "TIMEOUT: no answer within 3000 ms"}}"#
        )
        #expect((timeout as NSError).userInfo[NSLocalizedFailureReasonErrorKey] == nil)
    }
}
