import Foundation
import OneLinkClickFixtures
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import Testing

@Suite(.timeLimit(.minutes(5))) struct ClickBadInputTests {
    struct BadClick: Sendable, CustomTestStringConvertible {
        var name: String
        var request: ClickRequest
        var expected: ClickError
        var testDescription: String { name }
    }

    static let hugeQuery =
        "https://onelink-basic-app.onelink.me/H5hv?pid=Email&blob=" + String(repeating: "a", count: 64 * 1024)

    static let cases: [BadClick] = [
        BadClick(
            name: "empty user agent", request: ClickFixtures.click(userAgent: "   "),
            expected: .emptyUserAgent),
        BadClick(
            name: "missing user agent",
            request: ClickRequest(url: ClickFixtures.longLink, ipAddress: ClickFixtures.ip),
            expected: .missingHeader("User-Agent")),
        BadClick(
            name: "user agent without a product token",
            request: ClickFixtures.click(userAgent: "(iPhone; iOS 17)"),
            expected: .malformedUserAgent(
                userAgent: "(iPhone; iOS 17)",
                reason: "does not start with a product token such as Mozilla/5.0")),
        BadClick(
            name: "user agent with unbalanced parentheses",
            request: ClickFixtures.click(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4"),
            expected: .malformedUserAgent(
                userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4", reason: "unbalanced parentheses")),
        BadClick(
            name: "user agent with a control character",
            request: ClickFixtures.click(userAgent: "Mozilla/5.0\u{1}(iPhone)"),
            expected: .malformedUserAgent(
                userAgent: "Mozilla/5.0\u{1}(iPhone)", reason: "contains control characters")),
        BadClick(
            name: "missing IP address",
            request: ClickRequest(url: ClickFixtures.longLink, userAgent: ClickFixtures.safari),
            expected: .missingHeader("X-Forwarded-For")),
        BadClick(
            name: "invalid IP address", request: ClickFixtures.click(ip: "999.1.1.1"),
            expected: .invalidIPAddress("999.1.1.1")),
        BadClick(
            name: "header too large",
            request: ClickFixtures.click(headers: ["Referer": String(repeating: "r", count: 8 * 1024 + 1)]),
            expected: .headerTooLarge(name: "Referer", length: 8 * 1024 + 1, limit: 8 * 1024)),
        BadClick(
            name: "query too large", request: ClickFixtures.click(hugeQuery),
            expected: .queryTooLarge(length: 64 * 1024 + 15, limit: 64 * 1024)),
        BadClick(
            name: "unparseable URL", request: ClickFixtures.click("not a url"),
            expected: .invalidLink(.invalidCharacters("not a url"))),
        BadClick(
            name: "web link that is no OneLink",
            request: ClickFixtures.click("https://example.org/H5hv?pid=x"),
            expected: .notOneLink(url: "https://example.org/H5hv?pid=x")),
        BadClick(
            name: "another app's OneLink domain",
            request: ClickFixtures.click("https://other.onelink.me/H5hv?pid=x"),
            expected: .notOneLink(url: "https://other.onelink.me/H5hv?pid=x")),
        BadClick(
            name: "URI-scheme link", request: ClickFixtures.click("afbasicapp://mainactivity?pid=x"),
            expected: .notOneLink(url: "afbasicapp://mainactivity?pid=x")),
        BadClick(
            name: "OneLink without template",
            request: ClickFixtures.click("https://onelink-basic-app.onelink.me/?pid=x"),
            expected: .missingTemplate(url: "https://onelink-basic-app.onelink.me/?pid=x")),
        BadClick(
            name: "unknown template",
            request: ClickFixtures.click("https://onelink-basic-app.onelink.me/ZZZZ?pid=x"),
            expected: .unknownTemplate("ZZZZ")),
        BadClick(
            name: "lookback in minutes",
            request: ClickFixtures.click(ClickFixtures.bareLink + "&af_click_lookback=30m"),
            expected: .invalidLookback("30m")),
        BadClick(
            name: "javascript fallback",
            request: ClickFixtures.click(ClickFixtures.bareLink + "&af_ios_url=javascript%3Aalert(1)"),
            expected: .invalidFallbackURL(key: "af_ios_url", value: "javascript:alert(1)")),
        BadClick(
            name: "header injection in the fallback",
            request: ClickFixtures.click(
                ClickFixtures.bareLink + "&af_ios_url=https%3A%2F%2Fa.com%0D%0ASet-Cookie%3Ax"),
            expected: .invalidFallbackURL(key: "af_ios_url", value: "https://a.com\r\nSet-Cookie:x")),
        BadClick(
            name: "smart link without url",
            request: ClickFixtures.click("https://app.example.com/babalink?scheme=enexample%3A%2F%2Fdetail"),
            expected: .invalidSmartLink(
                url: "https://app.example.com/babalink?scheme=enexample%3A%2F%2Fdetail",
                reason: "missing url parameter")),
        BadClick(
            name: "smart link with a web scheme",
            request: ClickFixtures.click(
                "https://app.example.com/babalink?scheme=https%3A%2F%2Fx.com&url=https%3A%2F%2Fm.example.com"),
            expected: .invalidSmartLink(
                url:
                    "https://app.example.com/babalink?scheme=https%3A%2F%2Fx.com&url=https%3A%2F%2Fm.example.com",
                reason: "scheme is not an app URL such as myapp://path")),
    ]

    @Test(arguments: cases)
    func badClickIsRefusedAndNothingIsRecorded(_ bad: BadClick) async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        let before = env.store.recordedClicks
        await #expect(throws: bad.expected) { try await env.handler.handle(bad.request) }
        #expect(env.store.recordedClicks == before)
        #expect(!bad.expected.description.isEmpty)
    }

    @Test(
        "a click's IP address is four groups of one to three digits, no leading zero, each at most 255, or IPv6",
        arguments: [
            ("0.0.0.0", true), ("255.255.255.255", true), ("198.51.100.4", true), ("2001:db8::1", true),
            ("::ffff:192.0.2.1", true), ("256.1.1.1", false), ("01.1.1.1", false), ("1.1.1", false),
            ("1.1.1.1.", false), (".1.1.1", false), ("1..1.1", false), ("1.1.1.1a", false),
            ("1.1.1.0001", false), ("\u{FF11}.1.1.1", false), ("1.1.1.1.1", false), ("", false),
            ("::ffff:192.0.2.256", false),
        ])
    func ipAddressText(_ address: String, _ valid: Bool) async throws {
        let env = try ClickFixtures.environment()
        if valid {
            _ = try await env.handler.preview(ClickFixtures.click(ip: address))
        } else {
            await #expect(throws: ClickError.invalidIPAddress(address)) {
                try await env.handler.preview(ClickFixtures.click(ip: address))
            }
        }
    }

    @Test("a short link the table does not hold routes as the template's base, unattributed and marked")
    func unknownShortLinkRoutesAsTheTemplate() async throws {
        let env = try ClickFixtures.environment()
        let before = env.store.recordedClicks
        let decision = try await env.handler.handle(
            ClickFixtures.click("https://onelink-basic-app.onelink.me/H5hv/nope?af_sub1=kept"))
        let base = try await env.handler.preview(
            ClickFixtures.click("https://onelink-basic-app.onelink.me/H5hv?af_sub1=kept"))
        #expect(decision.kind == base.kind)
        #expect(decision.link.shortID == "nope")
        #expect(!decision.link.isAttributable)
        #expect(decision.link.parameters == ["af_sub1": "kept"])
        #expect(decision.recordedClick == nil)
        #expect(env.store.recordedClicks == before)
        let warning = decision.httpResponse?.headers["X-OneLink-Warning"] ?? ""
        #expect(warning.contains("short link H5hv/nope not found"), "\(warning)")
        #expect(base.httpResponse?.headers["X-OneLink-Warning"] == nil)
    }

    @Test func failingShortLinkTableIsAResolutionFailure() async throws {
        let clock = ManualClock()
        let resolver = InMemoryShortLinkResolver(
            behavior: .failing(.connectionFailed("refused")), clock: clock)
        let env = try ClickFixtures.environment(resolver: resolver)
        await #expect(throws: ClickError.resolutionFailed(.connectionFailed("refused"))) {
            try await env.handler.handle(ClickFixtures.click(ClickFixtures.shortLink))
        }
        #expect(env.store.count == 0)
    }

    @Test func fullStoreIsAStorageFailure() async throws {
        let clock = ManualClock()
        let store = InMemoryClickStore(capacity: 1)
        let handler = try ClickHandler(configuration: ClickFixtures.configuration, store: store, clock: clock)
        _ = try await handler.handle(ClickFixtures.click())
        await #expect(throws: ClickError.storageFailed("the in-memory click store is full (1 clicks)")) {
            try await handler.handle(ClickFixtures.click())
        }
        #expect(store.count == 1)
    }

    @Test func interstitialDomainMustDifferFromTheUniversalLinkDomains() {
        var configuration = ClickFixtures.configuration
        configuration.interstitialDomain = "app.example.com"
        #expect(throws: ClickError.self) {
            try ClickHandler(configuration: configuration, store: InMemoryClickStore())
        }
        configuration.interstitialDomain = ClickFixtures.oneLinkHost
        #expect(throws: ClickError.self) { try configuration.validate() }
    }

    @Test func inconsistentConfigurationsAreRefused() {
        let bad: [ClickHandler.Configuration] = [
            .init(
                appStoreURL: "ftp://store", oneLinkDomains: ["a.onelink.me"], templates: ["T"],
                interstitialDomain: "i.x"),
            .init(appStoreURL: ClickFixtures.appStore, interstitialDomain: "i.x"),
            .init(
                appStoreURL: ClickFixtures.appStore, oneLinkDomains: ["go.example.com"], templates: ["T"],
                interstitialDomain: "i.x"),
            .init(
                appStoreURL: ClickFixtures.appStore, oneLinkDomains: ["a.onelink.me"],
                interstitialDomain: "i.x"),
            .init(
                appStoreURL: ClickFixtures.appStore, oneLinkDomains: ["a.onelink.me"], templates: ["T"],
                interstitialDomain: "i.x", maximumQueryLength: 0),
        ]
        for configuration in bad {
            #expect(throws: ClickError.self) { try configuration.validate() }
        }
    }

    @Test func descriptionsNameTheProblem() {
        #expect(ClickError.queryTooLarge(length: 70_000, limit: 65_536).description.contains("65536"))
        #expect(ClickError.unknownTemplate("ZZZZ").description == "unknown OneLink template ZZZZ")
        #expect(ClickError.missingHeader("User-Agent").description.contains("User-Agent"))
    }
}
