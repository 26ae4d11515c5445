import OneLinkEmulator

/// Hands installs and in-app events to the Push API sender, when the server has one.
extension Router {
    func pushInstall(
        appID: String, deviceID: String, installTime: String, device: DeviceInfo, answer: AttributionPayload
    ) {
        guard let pushSender else { return }
        let message = PushPostbackSender.installMessage(
            appID: appID, deviceID: deviceID, installTime: installTime, device: device, answer: answer)
        pushSender.send(message.fields, messageType: message.messageType)
    }

    func pushEvent(_ event: InAppEvent, source: String) {
        guard let pushSender else { return }
        let install = installs.install(appID: event.appID, deviceID: event.deviceID)?.answer
        let message = PushPostbackSender.eventMessage(event, source: source, install: install)
        pushSender.send(message.fields, messageType: message.messageType)
    }
}
