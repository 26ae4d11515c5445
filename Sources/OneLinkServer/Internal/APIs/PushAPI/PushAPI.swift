import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The Push API: postbacks for installs, re-engagements and in-app events.
///
/// They go to the configuration's loopback receivers. It owns its sender and answers no route; the SDK and S2S APIs hand it what
/// they accepted.
struct PushAPI: Sendable {
    let configuration: OneLinkServer.Configuration
    let records: ServerRecords
    /// The sender, when the configuration has receivers.
    let sender: PushPostbackSender?

    private var installs: InstallMemory { records.installs }
    private var testDeviceRegistry: TestDeviceRegistry { records.testDevices }

    /// The rules re-attributions and re-engagements are judged by: the configuration's (the standard
    /// one, a 90-day re-attribution window, unless it declares another).
    private var matcher: InstallMatcher { configuration.installMatcher }

    /// The clicks the server records, when it has a click handler.
    private var clickStore: (any ClickStore)? { configuration.clickHandler?.store }

    func pushInstall(
        appID: String, deviceID: String, installTime: String, device: DeviceInfo, answer: AttributionPayload
    ) {
        guard let pushSender = sender else { return }
        // The install time the install was answered with, which the GCD and event messages repeat.
        let answeredTime =
            answer["install_time"]?.stringValue.flatMap {
                AttributionTimestamp.date(from: $0) == nil ? nil : $0
            }
            ?? installTime
        let message = PushPostbackSender.installMessage(
            appID: appID, deviceID: deviceID, installTime: answeredTime, device: device, answer: answer,
            isReinstall: isReinstall(
                appID: appID, deviceID: deviceID, installTime: answeredTime, device: device))
        pushSender.send(message.fields, messageType: message.messageType)
    }

    /// Whether the install is a reinstall: the server answered an earlier install of the app with
    /// the same advertising ID (another device ID) no more than the re-attribution window before,
    /// and the device is not a registered test device (test devices ignore the re-attribution rule).
    private func isReinstall(appID: String, deviceID: String, installTime: String, device: DeviceInfo) -> Bool
    {
        guard let advertisingID = device.advertisingID, !advertisingID.isEmpty,
            advertisingID != "00000000-0000-0000-0000-000000000000",
            !testDeviceRegistry.contains(identifier: advertisingID),
            let time = AttributionTimestamp.date(from: installTime)
        else { return false }
        let first = installs.installs(appID: appID, advertisingID: advertisingID).first {
            $0.deviceID != deviceID
        }
        guard let first, let firstText = first.answer["install_time"]?.stringValue,
            let firstTime = AttributionTimestamp.date(from: firstText)
        else { return false }
        let age = time.timeIntervalSince(firstTime)
        return age >= 0 && age <= matcher.reattributionWindow.timeInterval
    }

    /// Sends the re-engagement message when an installed device's launch is a re-engagement.
    ///
    /// Two ways, as the retargeting guide (help center article 207033786) describes them: the launch
    /// carries the link that opened the app (`af_deeplink`, as the SDK's launch parameters name it)
    /// and that link is a retargeting link; or the server recorded a retargeting click tied to the
    /// device by ID (its advertising ID or device ID) since the install, within the click's lookback.
    /// A click re-engages a device once; its in-app events inside the link's
    /// `af_reengagement_window` are then re-engagement in-app events.
    func pushReengagement(appID: String, deviceID: String, launch body: AttributionPayload) async {
        guard let pushSender = sender, let install = installs.install(appID: appID, deviceID: deviceID) else {
            return
        }
        let now = configuration.clock.now
        let installTime =
            install.answer["install_time"]?.stringValue.flatMap(AttributionTimestamp.date(from:))
            ?? install.time
        var candidates: [RecordedClick] = []
        if let link = body["af_deeplink"]?.stringValue, let click = Self.retargetingClick(link, at: now) {
            candidates = [click]
        } else if let clickStore, let clicks = try? await clickStore.clicks(from: installTime, through: now) {
            candidates = clicks.filter {
                Self.identifies($0, deviceID: deviceID, advertisingID: install.advertisingID)
            }
        }
        let engagement = candidates.reversed().lazy.compactMap {
            matcher.reengagement(of: $0, openTime: now, installTime: installTime)
        }.first
        guard let engagement, pushSender.credit(engagement, deviceID: deviceID) else { return }
        let message = PushPostbackSender.reengagementMessage(
            appID: appID, deviceID: deviceID, reengagement: engagement, install: install.answer,
            customerUserID: body["customer_user_id"]?.stringValue, device: install.device)
        pushSender.send(message.fields, messageType: message.messageType)
    }

    func pushEvent(_ event: InAppEvent, source: String) {
        guard let pushSender = sender else { return }
        let install = installs.install(appID: event.appID, deviceID: event.deviceID)
        // A re-engagement from before the install answered now (a device forgotten and installed
        // again under the same ID) is not this install's.
        let installTime = install?.answer["install_time"]?.stringValue.flatMap(
            AttributionTimestamp.date(from:))
        let reengagement = pushSender.reengagement(deviceID: event.deviceID).flatMap { engagement in
            installTime.map { engagement.openTime >= $0 } == true ? engagement : nil
        }
        // After a re-attribution's window the user's first install is the primary attribution again.
        let former = install?.advertisingID.flatMap { advertisingID in
            installs.installs(appID: event.appID, advertisingID: advertisingID).first {
                $0.deviceID != event.deviceID
            }
        }
        let message = PushPostbackSender.eventMessage(
            event, source: source, install: install?.answer, reengagement: reengagement,
            formerInstall: former?.answer, device: install?.device)
        pushSender.send(message.fields, messageType: message.messageType)
    }

    /// Whether `click` names the device: its device ID, or its advertising ID (not the all-zero one).
    private static func identifies(_ click: RecordedClick, deviceID: String, advertisingID: String?) -> Bool {
        if click.deviceID == deviceID { return true }
        guard let clickID = click.advertisingID?.lowercased(),
            let advertisingID = advertisingID?.lowercased(),
            !clickID.isEmpty, clickID != "00000000-0000-0000-0000-000000000000"
        else { return false }
        return clickID == advertisingID
    }

    /// The click an app-opening link stands for, when it is a retargeting link (`is_retargeting=true`)
    /// with a usable `af_reengagement_window`; `nil` otherwise.
    static func retargetingClick(_ link: String, at time: Date) -> RecordedClick? {
        guard let components = URLComponents(string: link), let host = components.host?.lowercased() else {
            return nil
        }
        var parameters = AttributionPayload()
        for item in components.queryItems ?? [] { parameters[item.name] = .string(item.value ?? "") }
        let window: Duration?
        do {
            window = try ReengagementWindow.window(from: parameters["af_reengagement_window"])
        } catch {
            return nil
        }
        let template = components.path.split(separator: "/").first.map(String.init) ?? ""
        let clicked = ClickedLink(
            kind: .oneLink(template: template), url: link, host: host, parameters: parameters,
            reengagementWindow: window)
        guard clicked.isRetargeting else { return nil }
        return RecordedClick(
            time: time, link: clicked,
            fingerprint: DeviceFingerprint(ipAddress: "", model: "", osVersion: "", language: ""),
            userAgent: UserAgent(text: "", platform: .iOS, deviceModel: "", osVersion: ""))
    }
}
