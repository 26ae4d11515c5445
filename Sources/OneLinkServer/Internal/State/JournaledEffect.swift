import Foundation
import OneLinkClicks
import OneLinkEmulator

/// One change to the server's state that ``ServerStateJournal`` keeps: the effect of a request the
/// server answered, not the request (replaying requests would draw new random IDs and read the clock
/// again).
enum JournaledEffect: Sendable, Hashable, Codable {
    /// A OneLink API create or update: the link's parameters and the API's record of it.
    case linkStored(StoredLink)
    /// A OneLink API delete.
    case linkRemoved(template: String, shortID: String)
    /// A click renewed a OneLink API link's TTL (`expiry` in seconds since the reference date).
    case linkRenewed(template: String, shortID: String, expiry: Double, ttlSeconds: Int)
    /// The Test Console API registered a test device.
    case testDeviceRegistered(appID: String, id: String, idType: String, name: String)
    /// The Test Console API removed a test device.
    case testDeviceRemoved(appID: String, id: String)
    /// An in-app event was accepted.
    case event(StoredEvent)
    /// The SDK's launch was accepted (`time` in seconds since the reference date).
    case launch(appID: String, deviceID: String, counter: Int, customerUserID: String?, time: Double)
    /// An install's conversion data was answered: what the GCD API and the Test Console read back.
    case install(StoredInstall)
    /// `DELETE /onelink-emulator/devices/{device-id}` forgot a device's launches and events.
    case deviceForgotten(deviceID: String)
    /// `POST /onelink-emulator/reset` forgot every launch, event kept for the Test Console, and
    /// test device.
    case reset

    /// A OneLink API link as the journal keeps it.
    struct StoredLink: Sendable, Hashable, Codable {
        var template: String
        var shortID: String
        /// The link's parameters as a JSON object.
        var parameters: String
        /// Seconds since Foundation's reference date (2001-01-01), which round-trips a `Date` exactly.
        var expiry: Double
        var ttlSeconds: Int
        var renews: Bool
        /// `v1` or `v2`.
        var createdBy: String
        var domain: String
        var migratedFromV1: Bool
    }

    /// An answered install as the journal keeps it.
    struct StoredInstall: Sendable, Hashable, Codable {
        var appID: String
        var deviceID: String
        /// The conversion data answered, as a JSON object.
        var answer: String
        var advertisingID: String?
        var ipAddress: String
        var model: String
        var osVersion: String
        var language: String
        /// Seconds since Foundation's reference date (2001-01-01).
        var time: Double
    }

    /// An accepted in-app event as the journal keeps it.
    struct StoredEvent: Sendable, Hashable, Codable {
        /// `sdk` (`POST /api/v6/iosevent/…`, also listed by the Test Console) or `s2s`.
        var source: String
        var appID: String
        var devKey: String
        var deviceID: String
        var name: String
        /// The event values as a JSON object.
        var values: String
        var customerUserID: String?
        var currencyCode: String?
        /// Seconds since Foundation's reference date (2001-01-01), which round-trips a `Date` exactly.
        var time: Double
        var host: String?

        init(_ event: InAppEvent, source: String) {
            self.source = source
            appID = event.appID
            devKey = event.devKey
            deviceID = event.deviceID
            name = event.name
            values = event.values.jsonText()
            customerUserID = event.customerUserID
            currencyCode = event.currencyCode
            time = event.time.timeIntervalSinceReferenceDate
            host = event.host
        }

        /// The event, or `nil` when its values are not a JSON object.
        var event: InAppEvent? {
            guard let payload = try? AttributionPayload(jsonString: values) else { return nil }
            return InAppEvent(
                appID: appID, devKey: devKey, deviceID: deviceID, name: name, values: payload,
                customerUserID: customerUserID, currencyCode: currencyCode,
                time: Date(timeIntervalSinceReferenceDate: time), host: host)
        }
    }
}
