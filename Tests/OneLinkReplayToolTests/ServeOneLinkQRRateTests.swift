import Foundation
import OneLinkServer
import OneLinkSupport
import Testing

@testable import onelink_replay

/// `serve --onelink-qr-rate-limit`: the OneLink API v2.0 QR call's own per-second window.
@Suite(.timeLimit(.minutes(5))) struct ServeOneLinkQRRateTests {
    func settings(_ arguments: [String]) throws -> OneLinkAPISettings? {
        let options = try ServeOptions(
            ServeCommand.arguments.read(["--payloads", Fixtures.payloads.path] + arguments))
        let backends = try ServeBackends.make(from: options.seed, options: options)
        return ServeCommand.oneLinkAPI(options, backends: backends)
    }

    @Test("the QR window is 25 a second by default, the flag's number with it, and apart from the rate limit")
    func qrWindow() throws {
        #expect(try settings([])?.qrRequestsPerSecond == 25)
        let set = try settings(["--onelink-qr-rate-limit", "3", "--onelink-rate-limit", "40"])
        #expect(set?.qrRequestsPerSecond == 3)
        #expect(set?.requestsPerSecond == 40)
    }

    @Test("a QR rate limit under 1 is a usage error")
    func badQRWindow() async {
        let outcome = await tool(["serve", "--onelink-qr-rate-limit", "0"])
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("--onelink-qr-rate-limit"))
    }
}
