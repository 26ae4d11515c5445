import Foundation
import OneLinkApp
import OneLinkEmulator
import Testing

@Suite(.timeLimit(.minutes(5))) struct AppDeviceTests {
    static func device(
        deliveries: AppRecorder<AppOpenDelivery>? = nil
    ) throws(AppDirectoryError) -> EmulatedDevice {
        let device = EmulatedDevice(clock: ManualClock())
        try device.install(
            EmulatedApp(bundleID: "com.example.appa", urlSchemes: ["appa"], queriesSchemes: ["AppB"]))
        var onOpen: (@Sendable (AppOpenDelivery) -> Void)?
        if let deliveries { onOpen = { deliveries.append($0) } }
        try device.install(EmulatedApp(bundleID: "com.example.appb", urlSchemes: ["AppB"], onOpen: onOpen))
        return device
    }

    @Test func installRejectsDuplicatesAndBadSchemes() throws {
        let device = try Self.device()
        #expect(device.installedBundleIDs == ["com.example.appa", "com.example.appb"])
        #expect(throws: AppDirectoryError.duplicateBundleID("com.example.appa")) {
            try device.install(EmulatedApp(bundleID: "com.example.appa"))
        }
        #expect(throws: AppDirectoryError.schemeAlreadyClaimed(scheme: "appb", by: "com.example.appb")) {
            try device.install(EmulatedApp(bundleID: "com.example.copycat", urlSchemes: ["appb"]))
        }
        #expect(throws: AppDirectoryError.invalidScheme("app b")) {
            try device.install(EmulatedApp(bundleID: "com.example.c", urlSchemes: ["app b"]))
        }
        #expect(throws: AppDirectoryError.notInstalled(bundleID: "com.example.none")) {
            try device.uninstall("com.example.none")
        }
    }

    @Test func canOpenURLNeedsAnInstalledHandlerAndAQueryDeclaration() throws {
        let device = try Self.device()
        let url = try appURL("AppB://Page2?AppA")
        #expect(device.canOpenURL(url))
        #expect(device.canOpenURL(url, from: "com.example.appa"))
        #expect(
            !device.canOpenURL(try appURL("appa://x"), from: "com.example.appb"), "appb does not declare appa"
        )
        #expect(!device.canOpenURL(try appURL("appc://x")))
        #expect(device.bundleID(forScheme: "APPB") == "com.example.appb")
    }

    @Test func openingAnUninstalledSchemeFails() async throws {
        let device = try Self.device()
        #expect(
            await device.open(try appURL("appc://page"), from: "com.example.appa")
                == .notInstalled(scheme: "appc"))
        try device.uninstall("com.example.appb")
        #expect(await device.open(try appURL("appb://page")) == .notInstalled(scheme: "appb"))
        #expect(await device.open(try appURL("no-scheme-here")) == .failed(.invalidURL("no-scheme-here")))
    }

    @Test func openLaunchesANotRunningTargetCold() async throws {
        let deliveries = AppRecorder<AppOpenDelivery>()
        let device = try Self.device(deliveries: deliveries)
        try device.launch("com.example.appa")
        let url = try appURL("appb://page2?from=appa")
        let result = await device.open(url, from: "com.example.appa")
        guard case .launched(let delivery) = result else {
            Issue.record("expected launched, got \(result)")
            return
        }
        #expect(delivery.isColdLaunch)
        #expect(delivery.bundleID == "com.example.appb")
        #expect(delivery.url == url)
        #expect(delivery.sourceApplication == "com.example.appa")
        #expect(delivery.classification.source == .urlScheme)
        #expect(deliveries.all == [delivery])
        let target = try #require(device.lifecycle(of: "com.example.appb"))
        #expect(target.state == .active)
        #expect(target.events.map(\.name) == [.appStart])
        #expect(target.events.first?.startKind == .cold)
        let source = try #require(device.lifecycle(of: "com.example.appa"))
        #expect(source.state == .background)
        #expect(source.events.map(\.name) == [.appStart, .appEnd])
    }

    @Test func openDeliversToARunningTargetWarm() async throws {
        let deliveries = AppRecorder<AppOpenDelivery>()
        let device = try Self.device(deliveries: deliveries)
        try device.launch("com.example.appb")
        let target = try #require(device.lifecycle(of: "com.example.appb"))
        try target.handle([.willResignActive, .didEnterBackground, .suspend])
        try device.launch("com.example.appa")
        let result = await device.open(try appURL("appb://page1"), from: "com.example.appa")
        guard case .delivered(let delivery) = result else {
            Issue.record("expected delivered, got \(result)")
            return
        }
        #expect(!delivery.isColdLaunch)
        #expect(delivery.sourceApplication == "com.example.appa")
        #expect(target.state == .active)
        #expect(target.events.map(\.startKind) == [.cold, nil, .warm])
        #expect(deliveries.all.map(\.isColdLaunch) == [true, false])
    }

    @Test func deliveryDrivesTheSDK() async throws {
        let driver = AppRecordingDriver()
        let device = try Self.device()
        let result = await device.open(try appURL("appb://promo?code=X"), from: "com.apple.mobilesafari")
        let delivery = try #require(result.delivery)
        delivery.classification.drive(driver)
        #expect(
            driver.calls == [
                .open(try appURL("appb://promo?code=X"), sourceApplication: "com.apple.mobilesafari")
            ])
    }

    @Test func launchWithPushOrSilentPush() throws {
        let device = try Self.device()
        let tapped = try device.launch(
            "com.example.appb", options: .remoteNotification(["aps": ["alert": "Hi"]]))
        #expect(tapped.classification.source == .remotePush)
        #expect(device.lifecycle(of: "com.example.appb")?.state == .active)
        let silent = try device.launch(
            "com.example.appa", options: .remoteNotification(["aps": ["content-available": 1]]))
        #expect(silent.isColdLaunch)
        let lifecycle = try #require(device.lifecycle(of: "com.example.appa"))
        #expect(lifecycle.state == .background)
        #expect(lifecycle.events.map(\.name) == [.appStartPassively])
        #expect(lifecycle.events.first?.passiveReason == .silentPush)
        #expect(
            throws: AppDirectoryError.lifecycle(
                bundleID: "com.example.appa",
                .invalidTransition(from: .background, signal: .didFinishLaunching(.background(.location))))
        ) {
            try device.launch("com.example.appa", options: LaunchOptions(location: true))
        }
        #expect(throws: AppDirectoryError.notInstalled(bundleID: "com.example.none")) {
            try device.launch("com.example.none")
        }
    }

    @Test func pasteboardHandOffBetweenApps() async throws {
        let device = try Self.device()
        device.pasteboard.setContents(PasteboardContents(string: "0.png", imageData: Data([0x89, 0x50])))
        let result = await device.open(try appURL("appb://page1"), from: "com.example.appa")
        #expect(result.delivery?.isColdLaunch == true)
        #expect(device.pasteboard.string == "0.png")
        #expect(device.pasteboard.imageData == Data([0x89, 0x50]))
    }
}
