import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkTestThreads
import Testing

/// `PUT /onelink-emulator/shortlinks` adds short links in the `Payloads/shortlinks.json` format to
/// the in-memory table: they resolve on the SDK's path and as clicks; a bad table loads nothing.
@Suite("Server: loading short links", .timeLimit(.minutes(5)))
struct ShortLinkLoadingTests {
    @Test("the Payloads file loads whole; a loaded link resolves and takes a click")
    func loadsPayloadsFile() async throws {
        let links = InMemoryShortLinkResolver()
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: "https://apps.apple.com/app/id1",
                oneLinkDomains: ["onelink-basic-app.onelink.me"],
                templates: ["H5hv"], interstitialDomain: "open.example.net"),
            shortLinks: links, store: InMemoryClickStore())
        let server = EmbeddedServer(
            configuration: .init(shortLinkResolver: links, clickHandler: handler, shortLinkStore: links))
        let file = ReplayExecutable.packageRoot.appendingPathComponent("Payloads/shortlinks.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let expected = try ShortLinkTable(json: Array(text.utf8))
        let response = try await server.call("PUT", "/onelink-emulator/shortlinks", body: text)
        #expect(response.status == 200)
        let loaded = try AttributionPayload(jsonString: response.body)["loaded"]?.arrayValue ?? []
        #expect(loaded.count == expected.links.count)
        #expect(!expected.links.isEmpty)
        for (key, parameters) in expected.links {
            let parts = key.split(separator: "/").map(String.init)
            #expect(links[template: parts[0], shortID: parts[1]] == parameters)
        }
        let key = try #require(expected.links.keys.sorted().first)
        let click = try await server.call(
            "GET", "/" + key,
            headers: [
                "User-Agent: \(ClickStoreServer.safari)",
                "X-Forwarded-For: 203.0.113.7",
            ])
        #expect(click.status == 302)
    }

    @Test(
        "a body that is not a table is a 400 naming the problem, and loads nothing",
        arguments: [
            ("[]", "$: expected a JSON object"),
            (#"{"nokey":{"host":"h","parameters":{}}}"#, #"$["nokey"]: expected a key"#),
            (#"{"a/b":{"parameters":{}}}"#, #"$["a/b"].host: expected a string"#),
            (
                #"{"a/b":{"host":"h","parameters":{}},"c/d":{"host":"h","parameters":1}}"#,
                #"$["c/d"].parameters"#
            ),
        ])
    func refused(body: String, problem: String) async throws {
        let links = InMemoryShortLinkResolver()
        let server = EmbeddedServer(configuration: .init(shortLinkResolver: links, shortLinkStore: links))
        let response = try await server.call("PUT", "/onelink-emulator/shortlinks", body: body)
        #expect(response.status == 400)
        #expect(
            response.body.contains(problem.replacingOccurrences(of: "\"", with: "\\\"")), "\(response.body)")
        #expect(links[template: "a", shortID: "b"] == nil)
    }
}
