import Foundation
import OneLinkServer
import OneLinkSupport
import Testing

@testable import onelink_replay

/// `serve --push-url` and its companions become the server's Push API settings; anything but a
/// loopback `http` URL or a documented token header is a usage error.
@Suite(.timeLimit(.minutes(5))) struct ServePushAPIOptionsTests {
    static func options(_ arguments: [String]) throws -> ServeOptions {
        try ServeOptions(ServeCommand.arguments.read(arguments))
    }

    @Test("repeatable URLs, a default method, per-URL get:/post: prefixes and the token reach the server")
    func settings() throws {
        let options = try Self.options([
            "--push-url", "get:http://127.0.0.1:9001/a", "--push-url", "http://localhost:9002/b",
            "--push-url", "POST:http://[::1]:9003/c", "--push-method", "get", "--push-token", "secret",
            "--push-token-name", "X-Push-Token",
        ])
        let push = try #require(options.pushAPI)
        #expect(push.endpoints.map(\.method) == [.get, .get, .post])
        #expect(
            push.endpoints.map(\.url.absoluteString) == [
                "http://127.0.0.1:9001/a", "http://localhost:9002/b", "http://[::1]:9003/c",
            ])
        #expect(push.token == "secret")
        #expect(push.tokenName == "X-Push-Token")
        let server = try ServeCommand.makeServer(
            options, backends: try ServeBackends.make(from: options.seed, options: options))
        #expect(server.configuration.pushAPI?.endpoints.count == 3)
        #expect(try Self.options([]).pushAPI == nil)
    }

    @Test(
        "a non-loopback or https URL, a bad method or token header, or a push option without a URL is refused",
        arguments: [
            ["--push-url", "http://example.com/hook"], ["--push-url", "https://127.0.0.1/hook"],
            ["--push-url", "http://127.0.0.1/x", "--push-method", "PUT"],
            ["--push-url", "http://127.0.0.1/x", "--push-token-name", "Token"],
            ["--push-url", "http://127.0.0.1/x", "--push-token", ""], ["--push-token", "t"],
        ])
    func refused(arguments: [String]) {
        #expect(throws: UsageError.self) { try Self.options(arguments) }
    }
}
