import Foundation
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import Testing

@testable import onelink_replay

/// `serve --shortlinks FILE` adds a short-link table to the seeded links; a bad file is a usage error.
@Suite(.timeLimit(.minutes(5))) struct ServeShortLinksOptionTests {
    static func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shortlinks-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("the file's links join the seeded ones in the server's resolver")
    func loads() throws {
        let path = try Self.file(
            #"{"H5hv/extra01":{"host":"onelink-basic-app.onelink.me","parameters":{"pid":"sms"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = try ServeOptions(ServeCommand.arguments.read(["--shortlinks", path]))
        let backends = try ServeBackends.make(from: options.seed, options: options)
        _ = try ServeCommand.makeServer(options, backends: backends)
        let resolver = backends.shortLinkResolver
        #expect(resolver[template: "H5hv", shortID: "extra01"] == ["pid": "sms"])
        #expect(resolver[template: "H5hv", shortID: "6d66214a"] != nil, "the seeded links stay")
    }

    @Test("a missing file or one that is not a table is a usage error naming it")
    func refused() throws {
        let bad = try Self.file(#"{"H5hv/x":{"host":"h","parameters":[]}}"#)
        defer { try? FileManager.default.removeItem(atPath: bad) }
        for path in [bad, "/nonexistent/shortlinks.json"] {
            let options = try ServeOptions(ServeCommand.arguments.read(["--shortlinks", path]))
            let backends = try ServeBackends.make(from: options.seed, options: options)
            #expect(throws: UsageError.self) { try ServeCommand.makeServer(options, backends: backends) }
        }
    }
}
