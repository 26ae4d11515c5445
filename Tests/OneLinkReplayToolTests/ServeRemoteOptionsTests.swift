import Foundation
import OneLinkServer
import OneLinkSupport
import Testing

@testable import onelink_replay

/// `serve --allow-remote` and `--push-allow-host` (issue 52).
///
/// A network `--host` is refused without the opt-in, and with it unless every API that checks keys
/// has some; Push API messages leave loopback only for the allowed hosts. In process: the server
/// is made, never bound.
@Suite(.timeLimit(.minutes(5))) struct ServeRemoteOptionsTests {
    static let keys = ["--dev-key", "dev", "--s2s-key", "s2s", "--onelink-api-token", "token"]

    /// `serve`'s server for `arguments` (with the package's Payloads), not yet listening.
    static func server(_ arguments: [String]) throws -> OneLinkServer {
        let options = try ServeOptions(
            ServeCommand.arguments.read(["--payloads", Fixtures.payloads.path] + arguments))
        return try ServeCommand.makeServer(
            options, backends: try ServeBackends.make(from: options.seed, options: options))
    }

    /// The usage error `arguments` give, as `serve` prints it.
    static func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try server(arguments)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("a network --host without --allow-remote is refused, saying why and what it takes")
    func optInNeeded() async {
        #expect(
            Self.refusal(["--host", "0.0.0.0"] + Self.keys)
                == "--host 0.0.0.0 is not a loopback address: serve binds only 127.0.0.0/8, ::1 or localhost "
                + "unless --allow-remote is given, because every route, the admin routes included, would be "
                + "reachable from the network (--allow-remote also needs --dev-key KEY, --s2s-key KEY, "
                + "--onelink-api-token TOKEN)")
        let outcome = await tool(["serve", "--payloads", Fixtures.payloads.path, "--host", "192.0.2.1"])
        #expect(outcome.status == 2)
        #expect(
            outcome.errors.hasPrefix("onelink-replay serve: --host 192.0.2.1 is not a loopback address: "))
    }

    @Test("--allow-remote refuses to start while a key is missing, naming each missing flag")
    func keysNeeded() throws {
        #expect(
            Self.refusal(["--host", "0.0.0.0", "--allow-remote"])
                == "--allow-remote with --host 0.0.0.0 needs a key for every API that checks one, or that API "
                + "accepts any key from the network; missing: --dev-key KEY (launches, conversion data and the "
                + "deep-linking REST API), --s2s-key KEY (S2S events), --onelink-api-token TOKEN (the OneLink "
                + "API and the Test Console API)")
        for index in stride(from: 0, to: Self.keys.count, by: 2) {
            var arguments = Self.keys
            arguments.removeSubrange(index...(index + 1))
            let refusal = Self.refusal(["--host", "::", "--allow-remote"] + arguments) ?? ""
            let missing = refusal.components(separatedBy: "; missing: ").last ?? ""
            #expect(refusal.hasPrefix("--allow-remote with --host :: needs a key"), "\(refusal)")
            #expect(missing.hasPrefix(Self.keys[index] + " "), "\(refusal)")
            #expect(missing.components(separatedBy: " --").count == 1, "only the missing flag: \(refusal)")
        }
        let server = try Self.server(["--host", "0.0.0.0", "--allow-remote"] + Self.keys)
        #expect(server.configuration.allowsNonLoopbackHost)
        #expect(server.configuration.missingNetworkCredentials.isEmpty)
        // The launch route's recorder gets the same dev keys as the configuration.
        #expect(server.configuration.devKeys == ["dev"])
    }

    @Test(
        "on loopback --allow-remote needs no key and prints no warning; on a network the warning names the host"
    )
    func warning() throws {
        let loopback = try Self.server(["--allow-remote"])
        #expect(ServeOptions.networkWarning(loopback.configuration) == nil)
        let remote = try Self.server(
            ["--host", "0.0.0.0", "--allow-remote", "--push-allow-host", "Receiver.example"] + Self.keys)
        let warning = try #require(ServeOptions.networkWarning(remote.configuration))
        #expect(
            warning.hasPrefix("warning: --allow-remote: listening on 0.0.0.0, reachable from the network. "))
        #expect(warning.contains("the admin routes (/onelink-emulator/…"))
        #expect(warning.hasSuffix("; Push API messages may go to receiver.example"))
    }

    @Test("--push-url leaves loopback only for a --push-allow-host host, which needs --allow-remote")
    func pushHosts() throws {
        let remote = ["--host", "0.0.0.0", "--allow-remote"] + Self.keys
        #expect(
            Self.refusal(remote + ["--push-url", "http://192.0.2.2:8081/postbacks"])
                == "--push-url: host \"192.0.2.2\" is not loopback (127.0.0.1, ::1 or localhost); name it with "
                + "--push-allow-host (with --allow-remote) to send messages there")
        #expect(
            Self.refusal(["--push-allow-host", "192.0.2.2", "--push-url", "http://192.0.2.2:8081/postbacks"])
                == "--push-allow-host needs --allow-remote: Push API messages leave this machine only for a "
                + "server that is on a network on purpose")
        #expect(
            Self.refusal(remote + ["--push-allow-host", ""]) == "--push-allow-host needs a non-empty host")
        let server = try Self.server(
            remote + [
                "--push-allow-host", "192.0.2.2", "--push-url", "http://192.0.2.2:8081/postbacks",
                "--push-url", "get:http://127.0.0.1:9/loopback",
            ])
        #expect(server.configuration.pushAllowedHosts == ["192.0.2.2"])
        #expect(
            server.configuration.pushAPI?.endpoints.map(\.url.absoluteString)
                == ["http://192.0.2.2:8081/postbacks", "http://127.0.0.1:9/loopback"])
    }
}
