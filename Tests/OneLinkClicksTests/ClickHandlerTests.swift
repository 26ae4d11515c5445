import Foundation
import OneLinkClickFixtures
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import Testing

/// Shared inputs of the click tests: user agents, links, the app's OneLink setup and a wired-up handler.

@Suite(.timeLimit(.minutes(5))) struct ClickHandlerTests {
    @Test func installedAppOpensWithoutTheServerSeeingTheClick() async throws {
        let env = try ClickFixtures.environment()
        let decision = try await env.handler.handle(
            ClickFixtures.click(context: ClickContext(appInstalled: true)))
        #expect(decision.kind == .openedApp(universalLink: ClickFixtures.longLink))
        #expect(decision.appURL == "afbasicapp://mainactivity")
        #expect(decision.recordedClick == nil)
        #expect(decision.httpResponse == nil)
        #expect(decision.httpStatus == nil)
        #expect(env.store.count == 0)
    }

    @Test func newUserIsRedirectedToTheIOSFallbackAndTheClickIsRecorded() async throws {
        let env = try ClickFixtures.environment()
        let decision = try await env.handler.handle(ClickFixtures.click())
        #expect(decision.kind == .redirect(location: "https://my_ios_lp.com"))
        let response = try #require(decision.httpResponse)
        #expect(response.status == 302)
        #expect(decision.httpStatus == 302)
        #expect(response.location == "https://my_ios_lp.com")
        #expect(response.contentType == "text/html; charset=utf-8")
        let click = try #require(env.store.recordedClicks.first)
        #expect(env.store.count == 1)
        #expect(click.time == ManualClock.defaultStart)
        #expect(click.template == "H5hv")
        #expect(click.lookback == .seconds(20 * 24 * 3600))
        #expect(click.parameters["deep_link_value"] == "apples")
        #expect(
            click.fingerprint
                == DeviceFingerprint(
                    ipAddress: ClickFixtures.ip, model: "iPhone", osVersion: "17.4", language: "en-US"))
    }

    @Test func linkWithoutFallbackRedirectsToTheAppStore() async throws {
        let env = try ClickFixtures.environment()
        let decision = try await env.handler.handle(ClickFixtures.click(ClickFixtures.bareLink))
        #expect(decision.kind == .redirect(location: ClickFixtures.appStore))
        #expect(decision.httpResponse?.location == ClickFixtures.appStore)
    }

    @Test func bypassedUniversalLinkFallsBackAndIsRecorded() async throws {
        let env = try ClickFixtures.environment()
        let context = ClickContext(appInstalled: true, universalLinkBypassed: true)
        let decision = try await env.handler.handle(ClickFixtures.click(context: context))
        #expect(decision.kind == .redirect(location: "https://my_ios_lp.com"))
        #expect(decision.recordedClick != nil)
        #expect(env.store.count == 1)
    }

    @Test(arguments: [ClickOrigin.addressBar, .embeddedWebView])
    func originsThatNeverTriggerUniversalLinksReachTheServer(origin: ClickOrigin) async throws {
        let env = try ClickFixtures.environment()
        let context = ClickContext(appInstalled: true, origin: origin)
        let decision = try await env.handler.handle(ClickFixtures.click(context: context))
        #expect(decision.kind == .redirect(location: "https://my_ios_lp.com"))
        #expect(env.store.count == 1)
    }

    @Test func tapFromAPageOnTheLinksOwnDomainReachesTheServer() async throws {
        let env = try ClickFixtures.environment()
        let headers = ["Referer": "https://onelink-basic-app.onelink.me/landing"]
        let decision = try await env.handler.handle(
            ClickFixtures.click(headers: headers, context: ClickContext(appInstalled: true)))
        #expect(decision.kind == .redirect(location: "https://my_ios_lp.com"))
        #expect(env.store.recordedClicks.first?.referrer == "https://onelink-basic-app.onelink.me/landing")
    }

    @Test func weChatGetsAnInterstitialOnAnotherDomainWhoseButtonOpensTheUniversalLink() async throws {
        let env = try ClickFixtures.environment()
        let decision = try await env.handler.handle(
            ClickFixtures.click(userAgent: ClickFixtures.weChat, context: ClickContext(appInstalled: true)))
        guard case .interstitial(let page) = decision.kind else {
            Issue.record("expected an interstitial, got \(decision.kind)")
            return
        }
        #expect(page.browser == .weChat)
        #expect(page.universalLink == ClickFixtures.longLink)
        let pageHost = try LinkParser().parse(page.url).host
        #expect(pageHost == ClickFixtures.interstitialDomain)
        #expect(pageHost != ClickFixtures.oneLinkHost)
        #expect(
            page.url
                == ClickFixtures.longLink.replacingOccurrences(
                    of: "https://onelink-basic-app.onelink.me", with: "https://open.example.net"))
        let escapedLink = ClickFixtures.longLink.replacingOccurrences(of: "&", with: "&amp;")
        #expect(page.html.contains("<a id=\"open-app\" href=\"\(escapedLink)\">"))
        let response = try #require(decision.httpResponse)
        #expect(response.status == 200)
        #expect(decision.httpStatus == 200)
        #expect(response.contentType == "text/html; charset=utf-8")
        #expect(response.headers["Content-Location"] == page.url)
        #expect(response.body == page.html)
        #expect(env.store.count == 1)

        // The user taps the button: a tap from another domain, so iOS opens the installed app.
        let tap = ClickFixtures.click(
            userAgent: ClickFixtures.weChat, headers: ["Referer": page.url],
            context: ClickContext(appInstalled: true))
        let tapped = try await env.handler.handle(tap)
        #expect(tapped.kind == .openedApp(universalLink: ClickFixtures.longLink))
        #expect(env.store.count == 1)
    }

    @Test func interstitialButtonWithoutTheAppGoesToTheFallback() async throws {
        let env = try ClickFixtures.environment()
        let referer = "https://\(ClickFixtures.interstitialDomain)/H5hv"
        let decision = try await env.handler.handle(
            ClickFixtures.click(userAgent: ClickFixtures.weChat, headers: ["Referer": referer]))
        #expect(decision.kind == .redirect(location: "https://my_ios_lp.com"))
        #expect(env.store.count == 1)
    }

    @Test func facebookInAppBrowserIsDetected() async throws {
        let env = try ClickFixtures.environment()
        let decision = try await env.handler.handle(ClickFixtures.click(userAgent: ClickFixtures.facebook))
        guard case .interstitial(let page) = decision.kind else {
            Issue.record("expected an interstitial, got \(decision.kind)")
            return
        }
        #expect(page.browser == .facebook)
    }

    @Test func forcedDeepLinkFallsBackToTheURIScheme() async throws {
        let env = try ClickFixtures.environment()
        let link = ClickFixtures.longLink + "&af_force_deeplink=true"
        let context = ClickContext(appInstalled: true, universalLinkBypassed: true)
        let decision = try await env.handler.handle(ClickFixtures.click(link, context: context))
        let expected =
            "afbasicapp://mainactivity?af_adset=my_adset&af_click_lookback=20d&af_cost_currency=USD&af_cost_value=6"
            + "&af_deeplink=true&af_dp=afbasicapp%3A%2F%2Fmainactivity&af_force_deeplink=true"
            + "&af_ios_url=https%3A%2F%2Fmy_ios_lp.com&af_sub1=my_sub1&campaign=fruit_of_the_month"
            + "&deep_link_sub1=red&deep_link_value=apples&fruit_amount=26&media_source=Email"
        #expect(decision.kind == .uriSchemeFallback(url: expected))
        #expect(decision.httpResponse?.status == 302)
        #expect(decision.httpResponse?.location == expected)
        #expect(env.store.count == 1)
    }

    @Test func forcedDeepLinkBeatsTheInterstitial() async throws {
        let env = try ClickFixtures.environment()
        let link = ClickFixtures.longLink + "&af_force_deeplink=true"
        let decision = try await env.handler.handle(
            ClickFixtures.click(link, userAgent: ClickFixtures.facebook))
        guard case .uriSchemeFallback(let url) = decision.kind else {
            Issue.record("expected the URI-scheme fallback, got \(decision.kind)")
            return
        }
        #expect(url.hasPrefix("afbasicapp://mainactivity?af_adset=my_adset&"))
        #expect(url.contains("&deep_link_value=apples&"))
    }

    @Test func smartLinkOpensTheAppURLWhenInstalled() async throws {
        let env = try ClickFixtures.environment()
        let decision = try await env.handler.handle(
            ClickFixtures.click(ClickFixtures.smartLink, context: ClickContext(appInstalled: true)))
        #expect(decision.kind == .openedApp(universalLink: ClickFixtures.smartLink))
        #expect(decision.appURL == "enexample://detail?id=123")
        #expect(env.store.count == 0)
    }

    @Test func smartLinkRedirectsToTheWebURLWhenNotInstalled() async throws {
        let env = try ClickFixtures.environment()
        let decision = try await env.handler.handle(ClickFixtures.click(ClickFixtures.smartLink))
        #expect(decision.kind == .redirect(location: "https://m.example.com/product?id=123"))
        #expect(
            decision.link.kind
                == .smartLink(
                    appURL: "enexample://detail?id=123", webURL: "https://m.example.com/product?id=123"))
        #expect(env.store.recordedClicks.first?.template == nil)
    }

    @Test func smartLinkCanSendNewUsersToTheAppStore() async throws {
        var configuration = ClickFixtures.configuration
        configuration.smartLinkFallback = .appStore
        let env = try ClickFixtures.environment(configuration: configuration)
        let decision = try await env.handler.handle(ClickFixtures.click(ClickFixtures.smartLink))
        #expect(decision.kind == .redirect(location: ClickFixtures.appStore))
    }

    @Test func smartLinkInAnInAppBrowserGetsTheInterstitial() async throws {
        let env = try ClickFixtures.environment()
        let decision = try await env.handler.handle(
            ClickFixtures.click(ClickFixtures.smartLink, userAgent: ClickFixtures.weChat))
        guard case .interstitial(let page) = decision.kind else {
            Issue.record("expected an interstitial, got \(decision.kind)")
            return
        }
        #expect(page.url.hasPrefix("https://open.example.net/babalink?scheme="))
    }

    @Test func androidClicksUseTheAndroidFallbackThenThePlayStore() async throws {
        let env = try ClickFixtures.environment()
        let withFallback = ClickFixtures.bareLink + "&af_android_url=https%3A%2F%2Fandroid.example.com"
        let first = try await env.handler.handle(
            ClickFixtures.click(withFallback, userAgent: ClickFixtures.androidChrome))
        #expect(first.kind == .redirect(location: "https://android.example.com"))
        let second = try await env.handler.handle(
            ClickFixtures.click(ClickFixtures.bareLink, userAgent: ClickFixtures.androidChrome))
        #expect(
            second.kind == .redirect(location: "https://play.google.com/store/apps/details?id=com.example"))
    }

    @Test func desktopClicksUseTheWebFallback() async throws {
        let env = try ClickFixtures.environment()
        let link = ClickFixtures.longLink + "&af_web_dp=https%3A%2F%2Fwww.example.com%2Fapples"
        let decision = try await env.handler.handle(
            ClickFixtures.click(link, userAgent: ClickFixtures.macSafari))
        #expect(decision.kind == .redirect(location: "https://www.example.com/apples"))
    }

    @Test func shortLinkIsResolvedAndItsAppendedParametersWin() async throws {
        let env = try ClickFixtures.environment()
        let decision = try await env.handler.handle(
            ClickFixtures.click(ClickFixtures.shortLink + "?deep_link_sub1=override"))
        #expect(decision.link.kind == .shortLink(template: "H5hv", shortID: "6d66214a"))
        #expect(decision.link.parameters["deep_link_value"] == "cherries")
        #expect(decision.link.parameters["deep_link_sub1"] == "override")
        #expect(decision.link.lookback == .seconds(25 * 24 * 3600))
        #expect(decision.kind == .redirect(location: ClickFixtures.appStore))
    }

    @Test func customDomainLinksAreAccepted() async throws {
        let env = try ClickFixtures.environment()
        let decision = try await env.handler.handle(
            ClickFixtures.click("https://go.example.com/H5hv?pid=Email"))
        #expect(decision.link.kind == .oneLink(template: "H5hv"))
        #expect(decision.link.host == "go.example.com")
    }

    @Test func ipAddressAndUserAgentCanComeFromHeaders() async throws {
        let env = try ClickFixtures.environment()
        let request = ClickRequest(
            url: ClickFixtures.bareLink,
            headers: ["user-agent": ClickFixtures.safari, "X-Forwarded-For": "198.51.100.4, 10.0.0.1"])
        _ = try await env.handler.handle(request)
        let click = try #require(env.store.recordedClicks.first)
        #expect(click.fingerprint.ipAddress == "198.51.100.4")
        #expect(click.userAgent.deviceModel == "iPhone")
    }

    @Test func clicksAreTimestampedByTheInjectedClock() async throws {
        let env = try ClickFixtures.environment()
        await env.clock.advance(by: .seconds(42))
        let decision = try await env.handler.handle(ClickFixtures.click())
        #expect(decision.recordedClick?.time == ManualClock.defaultStart.addingTimeInterval(42))
    }

    @Test func htmlInTheLinkIsEscapedOnTheInterstitialPage() async throws {
        let env = try ClickFixtures.environment()
        let link = "https://onelink-basic-app.onelink.me/H5hv?pid=Email&x=%22%3E%3Cscript%3E"
        let decision = try await env.handler.handle(
            ClickFixtures.click(link, userAgent: ClickFixtures.weChat))
        guard case .interstitial(let page) = decision.kind else {
            Issue.record("expected an interstitial, got \(decision.kind)")
            return
        }
        #expect(
            page.html.contains(
                "href=\"https://onelink-basic-app.onelink.me/H5hv?pid=Email&amp;x=%22%3E%3Cscript%3E\""))
        #expect(!page.html.contains("<script>"))
    }
}
