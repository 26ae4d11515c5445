import OneLinkEmulator
import Testing

// The import switch of Docs/sdk-versions.md ("AppTrackingTransparency on Linux"), compiled as the
// guide shows it: on Linux this target takes the stand-in's branch, on a Darwin host Apple's.
#if canImport(AppTrackingTransparency)
    import AppTrackingTransparency
#elseif canImport(AppTrackingTransparencyStandIn)
    import AppTrackingTransparencyStandIn
#endif

@Suite("Docs/sdk-versions.md: the tracking import switch", .timeLimit(.minutes(5)))
struct TrackingImportSwitchTests {
    @Test("the switch finds a tracking manager whose statuses have Apple's raw values")
    func switchImportsATrackingManager() {
        // ATTrackingManager.AuthorizationStatus: notDetermined 0, restricted 1, denied 2, authorized 3.
        #expect(ATTrackingManager.AuthorizationStatus.notDetermined.rawValue == 0)
        #expect(ATTrackingManager.AuthorizationStatus.restricted.rawValue == 1)
        #expect(ATTrackingManager.AuthorizationStatus.denied.rawValue == 2)
        #expect(ATTrackingManager.AuthorizationStatus.authorized.rawValue == 3)
    }
}
