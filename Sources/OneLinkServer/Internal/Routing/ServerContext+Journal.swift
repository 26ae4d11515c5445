import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The state journal (`serve --state`): replaying it as the server starts, and appending to it.
extension ServerContext {
    /// Appends `effect` to the configuration's journal; the error when it was not written (`nil`
    /// also when there is no journal).
    func journal(_ effect: JournaledEffect) -> JournalError? {
        configuration.stateJournal?.record(effect)
    }

    /// Replays the configuration's journal into this context's state; the bounds of each store
    /// apply as they do to live requests.
    func restoreJournal() {
        guard let journal = configuration.stateJournal else { return }
        for effect in journal.restored {
            switch effect {
            case .linkStored, .linkRemoved, .linkRenewed:
                oneLinkLinks?.restore(effect)
            case .testDeviceRegistered(let appID, let id, let idType, let name):
                records.testDevices.register(
                    .init(appID: appID, id: id, idType: .init(rawValue: idType), name: name))
            case .testDeviceRemoved(let appID, let id):
                records.testDevices.remove(appID: appID, id: id)
            case .event(let stored):
                guard let event = stored.event else { continue }
                if stored.source == "sdk" { records.launches.remember(event) }
                records.events.remember(event, source: stored.source == "sdk" ? .sdk : .s2s)
            case .launch(let appID, let deviceID, let counter, let customerUserID, let time):
                records.launches.remember(
                    LaunchMemory.Launch(
                        appID: appID, deviceID: deviceID, counter: counter, customerUserID: customerUserID,
                        time: Date(timeIntervalSinceReferenceDate: time)))
            case .install(let stored):
                guard let answer = try? AttributionPayload(jsonString: stored.answer) else { continue }
                records.installs.remember(
                    appID: stored.appID, deviceID: stored.deviceID, answer: answer,
                    advertisingID: stored.advertisingID,
                    device: DeviceInfo(
                        ipAddress: stored.ipAddress, model: stored.model, osVersion: stored.osVersion,
                        language: stored.language, advertisingID: stored.advertisingID),
                    time: Date(timeIntervalSinceReferenceDate: stored.time))
            case .deviceForgotten(let deviceID):
                records.installs.forget(deviceID: deviceID)
                records.launches.forget(deviceID: deviceID)
                records.events.forget(deviceID: deviceID)
            case .reset:
                records.installs.forgetAll()
                records.launches.forgetAll()
                records.events.forgetAll()
                records.testDevices.removeAll()
            }
        }
        oneLinkLinks?.trimRestored()
    }
}
