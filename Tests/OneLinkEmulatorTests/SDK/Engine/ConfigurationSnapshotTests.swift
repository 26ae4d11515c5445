import OneLinkSupport
import Testing

@testable import OneLinkEmulator

/// The SDK's settings are a plain value: a snapshot a command took never sees a later change.
@Suite("Configuration snapshots", .timeLimit(.minutes(5)))
struct ConfigurationSnapshotTests {
    @Test("a snapshot keeps its values when the settings change after it, and the reverse")
    func snapshotsAreIndependent() {
        var settings = AppsFlyerLib.Configuration()
        settings.devKey = "DEV_KEY"
        settings.pushPaths.append(["af_push_link"])
        let snapshot = settings
        settings.devKey = "OTHER"
        settings.pushPaths.append(["deep", "link"])
        settings.identity.customerUserID = "customer-1"
        #expect(snapshot.devKey == "DEV_KEY")
        #expect(snapshot.pushPaths == [["af_push_link"]])
        #expect(snapshot.identity.customerUserID == nil)
        #expect(settings.pushPaths == [["af_push_link"], ["deep", "link"]])

        var copy = snapshot
        copy.isStopped = true
        #expect(!snapshot.isStopped)
        #expect(copy.devKey == "DEV_KEY", "a copy starts with the values it was copied from")
    }

    @Test("settings changed through the SDK's lock reach later snapshots only")
    func throughTheLock() {
        let settings = Locked(AppsFlyerLib.Configuration())
        let before = settings.value
        settings[\.deepLinkTimeout] = 1234
        settings.withLock { $0.recordedCalls.append(RecordedCall(name: "start()", arguments: [:])) }
        #expect(before.deepLinkTimeout == 3000)
        #expect(before.recordedCalls.count == 0)
        #expect(settings.value.deepLinkTimeout == 1234)
        #expect(settings.value.recordedCalls.count == 1)
    }

    @Test("new settings start from the defaults, and a write to one SDK's reaches no other SDK")
    func sharedDefaults() {
        let first = AppsFlyerLib(clock: ManualClock())
        let second = AppsFlyerLib(clock: ManualClock())
        first.appsFlyerDevKey = "DEV_KEY"
        first.deepLinkTimeout = 1234
        first.addPushNotificationDeepLinkPath(["af_push_link"])
        let third = AppsFlyerLib(clock: ManualClock())
        for sdk in [second, third] {
            #expect(sdk.appsFlyerDevKey == "")
            #expect(sdk.deepLinkTimeout == 3000)
            #expect(sdk.configuration.value.pushPaths.isEmpty)
        }
        #expect(first.appsFlyerDevKey == "DEV_KEY")
        #expect(first.deepLinkTimeout == 1234)
        #expect(first.configuration.value.pushPaths == [["af_push_link"]])
        var fresh = AppsFlyerLib.Configuration()
        fresh.minTimeBetweenSessions = 0
        #expect(AppsFlyerLib.Configuration().minTimeBetweenSessions == 5)
    }
}
