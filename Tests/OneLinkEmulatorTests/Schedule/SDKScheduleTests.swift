import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// Schedules as values, and the SDK's choice points: each alternative is a delivery the real SDK
/// was seen to make (Docs/behaviour.md, "Schedules"), and the default is what the emulator did before.
@Suite("Schedules: the SDK's choice points", .timeLimit(.minutes(5)))
struct SDKScheduleTests {
    static let link = "https://onelink-basic-app.onelink.me/H5hv?pid=Email&deep_link_value=pears"

    /// A UDL first launch with a deferred click three minutes before the install.
    static func firstLaunch() -> SDKFixture {
        // ManualClock starts at the same instant every time: the click is 3 minutes before it.
        let click = DeferredClick(
            time: ManualClock.defaultStart.addingTimeInterval(-180), parameters: ["deep_link_value": "apples"]
        )
        return SDKFixture(clicks: [click], udl: true)
    }

    @Test("a schedule prints, parses and sorts the same however it was built")
    func textRoundTrip() throws {
        let schedule = SDKSchedule([
            .init(.quirk, "duplicateURISchemeDeepLink", "on"),
            .init(.firstLaunchOrder, "10", "conversionDataFirst"),
            .init(.firstLaunchOrder, "2", "conversionDataFirst"), .init(.appEvent, "step3", "afterStep4"),
        ])
        #expect(
            schedule.description
                == "appEvent.step3=afterStep4, firstLaunchOrder.2=conversionDataFirst, "
                + "firstLaunchOrder.10=conversionDataFirst, quirk.duplicateURISchemeDeepLink=on")
        #expect(SDKSchedule(schedule.description) == schedule)
        #expect(
            SDKSchedule(
                "appEvent.step3=afterStep4;quirk.duplicateURISchemeDeepLink=on\nfirstLaunchOrder.2=conversionDataFirst firstLaunchOrder.10=conversionDataFirst"
            ) == schedule)
        #expect(SDKSchedule("default") == .default)
        #expect(SDKSchedule("")?.isDefault == true)
        #expect(SDKSchedule.default.description == "default")
        for bad in [
            "firstLaunchOrder=conversionDataFirst", "firstLaunchOrder.1", ".1=x", "a.b=c d=e", "a.b=c=d",
        ] {
            #expect(SDKSchedule(bad) == nil, "\(bad)")
        }
        // A later decision for a point replaces an earlier one.
        #expect(
            SDKSchedule("firstLaunchOrder.1=deepLinkFirst firstLaunchOrder.1=conversionDataFirst")?.decisions
                .count == 1)
    }

    @Test(
        "firstLaunchOrder: by default the deferred result comes first; the other alternative puts the conversion data first"
    )
    func firstLaunchOrder() async throws {
        let byDefault = Self.firstLaunch()
        let defaultEvents = await byDefault.sdk.perform(.start)
        #expect(defaultEvents.map(\.callbackName) == ["didResolveDeepLink", "onConversionDataSuccess"])
        #expect(!byDefault.log.entries.contains { $0.rule == .sdkSchedule })

        let swapped = Self.firstLaunch()
        swapped.sdk.schedule = try #require(SDKSchedule("firstLaunchOrder.1=conversionDataFirst"))
        let events = await swapped.sdk.perform(.start)
        #expect(events.map(\.callbackName) == ["onConversionDataSuccess", "didResolveDeepLink"])
        #expect(swapped.delegate.deepLinks.first?.deeplinkValue == "apples")
        #expect(
            swapped.log.entries.contains {
                $0.rule == .sdkSchedule && $0.message.contains("conversionDataFirst")
            })
        #expect(swapped.sdk.schedule.description == "firstLaunchOrder.1=conversionDataFirst")
    }

    @Test(
        "linkSessionOrder: a link handed over while the session runs comes first by default, after it otherwise"
    )
    func linkDuringTheSession() async throws {
        for (text, expected) in [
            ("default", ["onAppOpenAttribution", "onConversionDataSuccess"]),
            ("linkSessionOrder.1=conversionDataFirst", ["onConversionDataSuccess", "onAppOpenAttribution"]),
        ] {
            let fixture = SDKFixture()
            fixture.conversion.behavior = .delayed(.seconds(1))
            fixture.sdk.schedule = try #require(SDKSchedule(text))
            fixture.sdk.submit(.start)
            await fixture.sdk.settle()
            fixture.sdk.submit(.universalLink(Self.link))
            await fixture.clock.advance(by: .seconds(1))
            await fixture.sdk.waitUntilIdle()
            #expect(fixture.delegate.names == expected, "\(text)")
        }
    }

    @Test(
        "linkSessionOrder: a link handed over just before start() comes first by default, after the session's callbacks otherwise"
    )
    func linkBeforeTheSession() async throws {
        for (text, expected) in [
            ("default", ["onAppOpenAttribution", "onConversionDataSuccess"]),
            ("linkSessionOrder.1=conversionDataFirst", ["onConversionDataSuccess", "onAppOpenAttribution"]),
        ] {
            let fixture = SDKFixture()
            fixture.sdk.schedule = try #require(SDKSchedule(text))
            fixture.sdk.submit(.universalLink(Self.link))
            fixture.sdk.submit(.start)
            await fixture.sdk.waitUntilIdle()
            #expect(fixture.delegate.names == expected, "\(text)")
            #expect(fixture.delegate.openAttributionPayloads.first?["deep_link_value"] == "pears")
        }
    }

    @Test(
        "a deferred lookup answered late comes 1 ms inside deepLinkTimeout; one not in time is a TIMEOUT failure"
    )
    func deferredLookupLatency() async throws {
        let late = Self.firstLaunch()
        late.sdk.schedule = try #require(SDKSchedule("deferredLookupLatency.1=lateAnswer"))
        late.sdk.submit(.start)
        await late.sdk.settle()
        await late.clock.advance(by: .milliseconds(2998))
        #expect(late.delegate.names.isEmpty)
        await late.clock.advance(by: .milliseconds(1))
        await late.sdk.waitUntilIdle()
        #expect(late.delegate.names == ["didResolveDeepLink", "onConversionDataSuccess"])
        #expect(late.delegate.deepLinks.first?.deeplinkValue == "apples")

        let missed = Self.firstLaunch()
        missed.sdk.schedule = try #require(SDKSchedule("deferredLookupLatency.1=timedOut"))
        missed.sdk.submit(.start)
        await missed.sdk.settle()
        await missed.clock.advance(by: .milliseconds(2999))
        #expect(missed.delegate.names.isEmpty)
        await missed.clock.advance(by: .milliseconds(1))
        await missed.sdk.waitUntilIdle()
        #expect(missed.delegate.names == ["didResolveDeepLink", "onConversionDataSuccess"])
        #expect(missed.delegate.deepLinkResults.first?.status == .failure)
        #expect(missed.delegate.deepLinkResults.first?.attributionError?.kind == .timeout)
        #expect(missed.deferred.requests.count == 1, "the request was made; its answer came too late")
    }

    @Test("a conversion-data fetch not answered in time fails with TIMEOUT at conversionDataTimeout")
    func conversionDataLatency() async throws {
        let fixture = SDKFixture()
        fixture.sdk.schedule = try #require(SDKSchedule("conversionDataLatency.1=timedOut"))
        fixture.sdk.submit(.start)
        await fixture.sdk.settle()
        await fixture.clock.advance(by: .seconds(10))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.names == ["onConversionDataFail"])
        #expect(fixture.delegate.attributionErrors.first?.kind == .timeout)
    }

    @Test(
        "coldStartOpenAttributionMissing: the cold start's link gets no onAppOpenAttribution, later links do; no release turns it on alone"
    )
    func coldStartOpenAttributionMissing() async throws {
        #expect(SDKQuirk.coldStartOpenAttributionMissing.isIntermittent)
        #expect(SDKQuirk.quirks(ofRelease: "6.1.0") == [.duplicateURISchemeDeepLink])
        #expect(SDKQuirk.quirks(ofRelease: "6.0.5") == [.linksSuppressedInsideMinTimeBetweenSessions])
        let fixture = SDKFixture()
        fixture.sdk.sdkQuirks = [.coldStartOpenAttributionMissing]
        fixture.sdk.submit(.universalLink(Self.link))
        fixture.sdk.submit(.start)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.names == ["onConversionDataSuccess"])
        #expect(fixture.log.entries.contains { $0.rule == .sdkQuirk })
        await fixture.sdk.perform(.universalLink(Self.link))
        #expect(fixture.delegate.names == ["onConversionDataSuccess", "onAppOpenAttribution"])
        // A schedule switches it too: the explorer's quirk point, pinned.
        let pinned = SDKFixture()
        pinned.sdk.schedule = try #require(SDKSchedule("quirk.coldStartOpenAttributionMissing=on"))
        pinned.sdk.submit(.universalLink(Self.link))
        pinned.sdk.submit(.start)
        await pinned.sdk.waitUntilIdle()
        #expect(pinned.delegate.names == ["onConversionDataSuccess"])
    }

    @Test("every known choice has its alternatives and group documented in code")
    func choicesDescribed() {
        for choice in SDKScheduleChoice.allKnown {
            #expect(choice.group != nil, "\(choice)")
            if ![SDKScheduleChoice.appEvent, .quirk].contains(choice) {
                #expect(choice.alternatives.count >= 2, "\(choice)")
            }
        }
        #expect(SDKScheduleChoice.choices(in: [.orders]) == [.firstLaunchOrder, .linkSessionOrder])
        #expect(!SDKScheduleChoice.firstLaunchOrder.changesOutcome("conversionDataFirst"))
        #expect(SDKScheduleChoice.deferredLookupLatency.changesOutcome("lateAnswer"))
        #expect(!SDKScheduleChoice.deferredLookupLatency.changesOutcome("asConfigured"))
        #expect(SDKScheduleChoice.deferredLookupLatency.changesOutcome("timedOut"))
        #expect(SDKScheduleChoice.quirk.changesOutcome("on"))
        #expect(SDKScheduleChoice.choices(in: [.timeouts]) == SDKScheduleChoice.choices(in: [.latencies]))
    }
}
