import Foundation
import OneLinkClickFixtures
import OneLinkClicks
import OneLinkEmulator
import Testing

@Suite(.timeLimit(.minutes(5))) struct ClickUserAgentTests {
    @Test("version separators collapse to one dot; an escaped parenthesis stays inside its comment")
    func separatorsAndEscapes() throws {
        let agent = try UserAgent(
            parsing: "Mozilla/5.0 (iPhone; CPU iPhone OS _17__4._ like Mac OS X) (x \\) y; ü) Mobile/15E148")
        #expect(agent.platform == .iOS)
        #expect(agent.osVersion == "17.4")
        let unbalanced = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 \\)"
        #expect(
            throws: ClickError.malformedUserAgent(userAgent: unbalanced, reason: "unbalanced parentheses")
        ) {
            try UserAgent(parsing: unbalanced)
        }
    }

    @Test func iPhoneSafari() throws {
        let agent = try UserAgent(parsing: ClickFixtures.safari)
        #expect(agent.platform == .iOS)
        #expect(agent.deviceModel == "iPhone")
        #expect(agent.osVersion == "17.4")
        #expect(agent.language == nil)
        #expect(agent.inAppBrowser == nil)
    }

    @Test func iPadAndIPod() throws {
        let iPad = try UserAgent(
            parsing: "Mozilla/5.0 (iPad; CPU OS 16_6_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148")
        #expect(iPad.deviceModel == "iPad")
        #expect(iPad.osVersion == "16.6.1")
        let iPod = try UserAgent(
            parsing: "Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X; en-us) AppleWebKit/605.1.15")
        #expect(iPod.deviceModel == "iPod touch")
        #expect(iPod.osVersion == "12.5")
        #expect(iPod.language == "en-US")
    }

    @Test func androidChrome() throws {
        let agent = try UserAgent(parsing: ClickFixtures.androidChrome)
        #expect(agent.platform == .android)
        #expect(agent.deviceModel == "Pixel 8")
        #expect(agent.osVersion == "14")
    }

    @Test func androidWebViewSkipsTheWebViewMarker() throws {
        let agent = try UserAgent(
            parsing: "Mozilla/5.0 (Linux; Android 13; wv; SM-S918B Build/TP1A.220624.014) AppleWebKit/537.36")
        #expect(agent.deviceModel == "SM-S918B")
        #expect(agent.osVersion == "13")
    }

    @Test func desktops() throws {
        let mac = try UserAgent(parsing: ClickFixtures.macSafari)
        #expect(mac.platform == .macOS)
        #expect(mac.deviceModel == "Macintosh")
        #expect(mac.osVersion == "10.15.7")
        let windows = try UserAgent(
            parsing: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36"
        )
        #expect(windows.platform == .windows)
        #expect(windows.deviceModel == "PC")
        #expect(windows.osVersion == "10.0")
    }

    @Test func unknownPlatformParsesAsOther() throws {
        let agent = try UserAgent(parsing: "curl/8.4.0")
        #expect(agent.platform == .other)
        #expect(agent.deviceModel == "")
        #expect(agent.osVersion == "")
    }

    @Test func weChatRevealsItselfAndItsLanguage() throws {
        let agent = try UserAgent(parsing: ClickFixtures.weChat)
        #expect(agent.inAppBrowser == .weChat)
        #expect(agent.language == "zh-CN")
        #expect(agent.osVersion == "17.4")
    }

    @Test func facebookRevealsItselfAndItsLanguage() throws {
        let agent = try UserAgent(parsing: ClickFixtures.facebook)
        #expect(agent.inAppBrowser == .facebook)
        #expect(agent.language == "en-US")
    }

    @Test(arguments: [
        ("Mozilla/5.0 (iPhone) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/450.0]", InAppBrowser.messenger),
        (
            "Mozilla/5.0 (iPhone) Mobile/15E148 Instagram 309.0.0.30.110 (iPhone14,5; iOS 17_4; en_US)",
            .instagram
        ),
        ("Mozilla/5.0 (iPhone) Mobile/15E148 Line/13.1.0", .line),
        ("Mozilla/5.0 (iPhone) Mobile/15E148 Twitter for iPhone/10.30", .twitter),
        ("Mozilla/5.0 (iPhone) Mobile/15E148 musical_ly_33.1.0 JsSdk/2.0 BytedanceWebview/d8a21c6", .tikTok),
        ("Mozilla/5.0 (iPhone) Mobile/15E148 Snapchat/12.70.0.40 (like Safari/8617.2.4.10.8)", .snapchat),
    ])
    func inAppBrowsersAreDetected(userAgent: String, browser: InAppBrowser) throws {
        #expect(try UserAgent(parsing: userAgent).inAppBrowser == browser)
    }

    @Test func customSignaturesGrowTheSet() throws {
        let kakao = InAppBrowser(rawValue: "kakaotalk")
        let signatures =
            [InAppBrowser.Signature(token: "KAKAOTALK", browser: kakao)] + InAppBrowser.defaultSignatures
        let agent = try UserAgent(
            parsing: "Mozilla/5.0 (iPhone) Mobile/15E148 KAKAOTALK 10.4.5", signatures: signatures)
        #expect(agent.inAppBrowser == kakao)
        #expect(
            try UserAgent(parsing: "Mozilla/5.0 (iPhone) Mobile/15E148 KAKAOTALK 10.4.5").inAppBrowser == nil)
    }

    @Test func tooLongUserAgentIsMalformed() {
        let text = "Mozilla/5.0 " + String(repeating: "x", count: UserAgent.maximumLength)
        #expect(throws: ClickError.malformedUserAgent(userAgent: text, reason: "longer than 4096 bytes")) {
            try UserAgent(parsing: text)
        }
    }

    @Test func acceptLanguagePicksTheHighestQuality() throws {
        let agent = try UserAgent(parsing: ClickFixtures.facebook)
        let fingerprint = DeviceFingerprint(
            userAgent: agent, ipAddress: "203.0.113.7", acceptLanguage: "fr;q=0.5, de-de;q=0.9, *;q=1")
        #expect(fingerprint.language == "de-DE")
        let fallback = DeviceFingerprint(userAgent: agent, ipAddress: "203.0.113.7", acceptLanguage: "*")
        #expect(fallback.language == "en-US")
    }

    @Test(
        "OS versions agree on their first two non-empty parts, a missing minor being 0",
        arguments: [
            ("17", "17.0", true), ("17", "17.1", false), ("17.4", "17.4.1", true), ("17..4", "17.4", true),
            (".17.4", "17.4", true), ("17.4", "17.40", false), ("...", "..", true), ("...", "17", false),
            ("17.4", "17_4", false),
        ])
    func fingerprintOSVersionParts(left: String, right: String, agree: Bool) {
        func fingerprint(_ version: String) -> DeviceFingerprint {
            DeviceFingerprint(ipAddress: "203.0.113.7", model: "iPhone", osVersion: version, language: "")
        }
        #expect(fingerprint(left).matches(fingerprint(right)) == agree)
        #expect(fingerprint(right).matches(fingerprint(left)) == agree)
    }

    @Test(
        "a comment part is a language when letters sit around one separator with two letters after it",
        arguments: [
            ("en-us", "en-US"), ("zh_CN", "zh-CN"), ("eng-GB", "eng-GB"), ("en-GBR", nil), ("e-GB", nil),
            ("e1-us", nil), ("en-u1", nil), ("en--s", nil), ("énus", nil),
        ] as [(String, String?)])
    func userAgentLanguagePart(part: String, language: String?) throws {
        let agent = try UserAgent(
            parsing:
                "Mozilla/5.0 (Linux; Android 14; \(part); Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile")
        #expect(agent.language == language)
    }

    @Test func fingerprintMatchingRules() {
        let click = DeviceFingerprint(
            ipAddress: "2001:DB8::1", model: "iPhone", osVersion: "17.4", language: "en-US")
        #expect(
            click.matches(
                DeviceFingerprint(
                    ipAddress: "2001:db8::1", model: "iPhone15,2", osVersion: "17.4.1", language: "en-us")))
        #expect(
            click.matches(
                DeviceFingerprint(ipAddress: "2001:db8::1", model: "iPhone", osVersion: "17.4", language: ""))
        )
        #expect(
            !click.matches(
                DeviceFingerprint(
                    ipAddress: "2001:db8::2", model: "iPhone", osVersion: "17.4", language: "en-US")))
        #expect(
            !click.matches(
                DeviceFingerprint(
                    ipAddress: "2001:db8::1", model: "iPad", osVersion: "17.4", language: "en-US")))
        #expect(
            !click.matches(
                DeviceFingerprint(
                    ipAddress: "2001:db8::1", model: "iPhone", osVersion: "17.5", language: "en-US")))
        #expect(
            !click.matches(
                DeviceFingerprint(
                    ipAddress: "2001:db8::1", model: "iPhone", osVersion: "17.4", language: "fr-FR")))
    }
}
