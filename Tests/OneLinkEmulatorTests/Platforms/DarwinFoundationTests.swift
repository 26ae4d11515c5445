import OneLinkEmulator

#if canImport(Darwin)
    import CoreFoundation
    import Foundation
    @testable import OneLinkEmulator
    import Testing

    /// The Darwin side of the Foundation differences in `Docs/platforms.md`; compiled only on Apple platforms.
    @Suite("Foundation on Darwin", .timeLimit(.minutes(5)))
    struct DarwinFoundationTests {
        @Test("boolean NSNumber is the CFBoolean singleton")
        func booleanIsCFBoolean() {
            let yes = AttributionValue.bool(true).foundationObject as AnyObject
            let one = AttributionValue.int(1).foundationObject as AnyObject
            #expect(yes === kCFBooleanTrue)
            #expect(CFGetTypeID(yes as CFTypeRef) == CFBooleanGetTypeID())
            #expect(CFGetTypeID(one as CFTypeRef) != CFBooleanGetTypeID())
            #expect((one as? Bool) == true)
            #expect((yes as? Int) == 1)
        }

        @Test("JSONSerialization writes booleans as true")
        func jsonSerializationWritesTrue() throws {
            let payload: AttributionPayload = ["is_first_launch": true, "fruit_amount": 1]
            let data = try JSONSerialization.data(
                withJSONObject: payload.foundationStringKeyed, options: [.sortedKeys])
            #expect(String(decoding: data, as: UTF8.self) == #"{"fruit_amount":1,"is_first_launch":true}"#)
        }

        @Test("a bridged boolean reads back as a boolean")
        func booleansReadBack() throws {
            let object = try JSONSerialization.jsonObject(with: Data(#"{"a":true,"b":1,"c":1.5}"#.utf8))
            let dictionary = try #require(object as? [AnyHashable: Any])
            let payload = try AttributionPayload(foundation: dictionary)
            #expect(payload == ["a": .bool(true), "b": .int(1), "c": .double(1.5)])
        }

        @Test("a Foundation user activity continues a universal link")
        func foundationUserActivity() async {
            #expect(NSStringFromClass(NSUserActivity.self) == "NSUserActivity")
            let fixture = SDKFixture(udl: true)
            await fixture.sdk.perform(.start)
            let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            activity.webpageURL = URL(
                string: "https://onelink-basic-app.onelink.me/H5hv?deep_link_value=apples")
            #expect(fixture.sdk.continue(activity, restorationHandler: nil))
            await fixture.sdk.waitUntilIdle()
            #expect(fixture.delegate.names.last == "didResolveDeepLink")
        }
    }
#endif
