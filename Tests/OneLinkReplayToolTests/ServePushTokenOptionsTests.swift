import Foundation
import OneLinkServer
import OneLinkSupport
import Testing

@testable import onelink_replay

/// `serve --push-token` follows the token API's rule (https://dev.appsflyer.com/hc/reference/authentication-token)
/// and `--push-in-app-events` selects the in-app events whose messages are sent.
@Suite(.timeLimit(.minutes(5))) struct ServePushTokenOptionsTests {
    static func options(_ arguments: [String]) throws -> ServeOptions {
        try ServeOptions(ServeCommand.arguments.read(arguments))
    }

    @Test(
        "a token with a character outside the rule, or over 2,000 characters, is a usage error naming the rule",
        arguments: ["tok/en", "tök", String(repeating: "t", count: 2001)])
    func tokenRefused(token: String) {
        #expect {
            try Self.options(["--push-url", "http://127.0.0.1/x", "--push-token", token])
        } throws: { error in
            let text = "\(error)"
            return error is UsageError && text.hasPrefix("--push-token: ")
                && text.contains("at most 2,000 of a-z, A-Z, 0-9, space, -, _ and .")
        }
    }

    @Test("a token of letters, digits, spaces, -, _ and . is accepted")
    func tokenAccepted() throws {
        let options = try Self.options(["--push-url", "http://127.0.0.1/x", "--push-token", "Bearer a.b-c_1"])
        #expect(options.pushAPI?.token == "Bearer a.b-c_1")
    }

    @Test("--push-in-app-events lists event names; all, or none, sends every event")
    func inAppEvents() throws {
        let url = ["--push-url", "http://127.0.0.1/x"]
        let some = try Self.options(url + ["--push-in-app-events", "af_purchase, af_login"])
        #expect(some.pushAPI?.selectedInAppEvents == ["af_purchase", "af_login"])
        #expect(try Self.options(url + ["--push-in-app-events", "all"]).pushAPI?.selectedInAppEvents == nil)
        #expect(try Self.options(url).pushAPI?.selectedInAppEvents == nil)
        for arguments in [url + ["--push-in-app-events", "a,,b"], ["--push-in-app-events", "af_purchase"]] {
            #expect(throws: UsageError.self) { try Self.options(arguments) }
        }
    }

    @Test(
        "--push-event-types and --push-fields take the configuration API's names; all, or none, is every one")
    func eventTypesAndFields() throws {
        let url = ["--push-url", "http://127.0.0.1/x"]
        let some = try Self.options(
            url + [
                "--push-event-types", "install, re-engagement", "--push-fields", "event_name,media_source",
            ])
        #expect(some.pushAPI?.selectedEventTypes == ["install", "re-engagement"])
        #expect(some.pushAPI?.selectedFields == ["event_name", "media_source"])
        let all = try Self.options(url + ["--push-event-types", "all", "--push-fields", "all"])
        #expect(all.pushAPI?.selectedEventTypes == nil)
        #expect(all.pushAPI?.selectedFields == nil)
        let bad: [([String], String)] = [
            (url + ["--push-event-types", "install,uninstall"], "--push-event-types: \"uninstall\""),
            (url + ["--push-fields", "media_source,,campaign"], "--push-fields: \"\""),
            (url + ["--push-fields", "pid"], "--push-fields: \"pid\" is not a Push API message field"),
            (["--push-fields", "media_source"], "--push-fields needs a --push-url"),
        ]
        for (arguments, message) in bad {
            #expect {
                try Self.options(arguments)
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }
}
