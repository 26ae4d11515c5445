import Foundation
import OneLinkServer
import OneLinkSupport
import OneLinkTestThreads
import Testing

@testable import onelink_replay

/// `serve --plan NAME` sets the account's plan; under `zero` the running server answers every
/// authenticated S2S event `403 Forbidden`.
@Suite(.timeLimit(.minutes(5))) struct ServePlanOptionTests {
    static func options(_ arguments: [String]) throws -> ServeOptions {
        try ServeOptions(ServeCommand.arguments.read(arguments))
    }

    @Test("--plan zero reaches the running server: an S2S event is 403 Forbidden; the default records it")
    func zero() async throws {
        for (arguments, status, body) in [
            (["--plan", "zero", "--quiet"], 403, "Forbidden"), (["--quiet"], 200, "OK"),
            (["--plan", "Enterprise", "--quiet"], 200, "OK"),
        ] {
            let options = try Self.options(arguments)
            let server = try ServeCommand.makeServer(
                options, backends: try ServeBackends.make(from: options.seed, options: options))
            try await server.start()
            // serve's app is the App Store ID of the default --app-store-url; another app ID is a 400.
            let event = #"{"appsflyer_id":"1600000000000-1234567","eventName":"af_login","eventValue":""}"#
            let request =
                "POST /inappevent/id1234567890 HTTP/1.1\r\nHost: 127.0.0.1\r\nauthentication: S2S_KEY\r\n"
                + "Content-Length: \(event.utf8.count)\r\nConnection: close\r\n\r\n\(event)"
            let port = server.port
            let answer: RawHTTPConnection.Response
            do {
                answer = try await onThread { try RawHTTPConnection.exchange(request, port: port) }
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            #expect(answer.status == status, "\(arguments)")
            #expect(answer.body == body)
        }
    }

    @Test("an unknown plan is a usage error naming the plans")
    func refused() {
        #expect(throws: UsageError("--plan must be one of zero, growth, enterprise, got free")) {
            try Self.options(["--plan", "free"])
        }
    }
}
