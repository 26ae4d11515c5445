import Foundation
import OneLinkEmulator
import Testing

@Suite("AttributionError bridges to the real SDK's NSError shape")
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
            "Skip launch: 1200 ms since the last session, minTimeBetweenSessions is 5 s", nil
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
        let nsError = error as NSError
        #expect(nsError.domain == "com.appsflyer.sdk.network")
        #expect(nsError.code == code)
        #expect(nsError.localizedDescription == description)
        #expect(nsError.userInfo[NSLocalizedFailureReasonErrorKey] as? String == error.description)
        let wrapped = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        #expect(wrapped?.code == underlying)
        if underlying != nil { #expect(wrapped?.domain == NSURLErrorDomain) }
    }

    @Test("An error delivered as Error stays reachable as AttributionError, and reads like the SDK's")
    func typedErrorReachable() async {
        let fixture = SDKFixture()
        fixture.conversion.behavior = .failing(.httpStatus(code: 403, reason: nil))
        await fixture.sdk.perform(.start)
        guard case .conversionFail(let error)? = fixture.delegate.calls.first else {
            Issue.record("expected onConversionDataFail")
            return
        }
        #expect(error as? AttributionError == .httpStatus(code: 403, reason: nil))
        #expect((error as NSError).localizedDescription == "Status code failure: 403")
        #expect(error.localizedDescription == "Status code failure: 403")
    }
}
