import Foundation
import OneLinkEmulator
import Testing

/// The request types keep their fields in one shared box: copies must still behave as independent values.
@Suite(.timeLimit(.minutes(1))) struct RequestValueSemanticsTests {
    private static let identity = UserIdentity(
        customerUserID: "user-1", customData: ["tier": "gold"], emails: ["a@example.com"])

    @Test func changingACopyLeavesTheOriginalAsItWas() {
        let original = LaunchRequest(
            appID: "id123", devKey: "key", deviceID: "device-1", sessionCount: 1,
            device: DeviceInfo(advertisingID: "idfa"), identity: Self.identity)
        var copy = original
        copy.devKey = "other"
        copy.device.advertisingID = nil
        copy.identity.emails.append("b@example.com")
        copy.identity.pii.fbLoginID = 7
        #expect(original.devKey == "key")
        #expect(original.device.advertisingID == "idfa")
        #expect(original.identity.emails == ["a@example.com"])
        #expect(original.identity.pii.isEmpty)
        #expect(copy.identity.emails == ["a@example.com", "b@example.com"])
        #expect(copy != original)
    }

    @Test func valuesMadeApartAreEqualAndHashAlikeWhenTheirFieldsAre() {
        var changed = DeviceInfo(model: "iPad")
        changed.model = "iPhone"
        #expect(changed == DeviceInfo())
        #expect(changed.hashValue == DeviceInfo().hashValue)
        var identity = UserIdentity()
        identity.customerUserID = "user-1"
        identity.customData = ["tier": "gold"]
        identity.emails = ["a@example.com"]
        #expect(identity == Self.identity)
        #expect(Set([identity, Self.identity]).count == 1)
        let time = Date(timeIntervalSince1970: 0)
        var request = InstallAttributionRequest(
            appID: "id123", devKey: "key", deviceID: "d", installTime: time)
        request.identity = identity
        #expect(
            request
                == InstallAttributionRequest(
                    appID: "id123", devKey: "key", deviceID: "d", installTime: time, identity: Self.identity))
        request.host = "example.com"
        #expect(request.host == "example.com")
        #expect(
            request
                != InstallAttributionRequest(
                    appID: "id123", devKey: "key", deviceID: "d", installTime: time, identity: Self.identity))
    }

    @Test func aDescriptionListsTheFieldsAsAStructsWould() {
        #expect(
            String(describing: DeviceInfo(advertisingID: "idfa"))
                == #"DeviceInfo(ipAddress: "203.0.113.7", model: "iPhone", osVersion: "17.4", language: "en-US", advertisingID: Optional("idfa"))"#
        )
    }
}
