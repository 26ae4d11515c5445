import Foundation
import OneLinkApp
import OneLinkEmulator
import Testing

@Suite(.timeLimit(.minutes(5))) struct AppLaunchTests {
    static let push: AttributionPayload = [
        "aps": ["alert": "Your order shipped"], "action": "shop://order?id=7",
    ]

    @Test func emptyOptionsAreAManualTap() {
        let launch = LaunchClassification(options: .none)
        #expect(launch.source == .manualTap)
        #expect(launch.sourceApplication == nil)
        #expect(launch.url == nil)
        #expect(launch.pushPayload == nil)
        #expect(launch.passiveReason == nil)
    }

    @Test func schemeURLWithSourceApplication() throws {
        let url = try appURL("enalibaba://home")
        let launch = LaunchClassification(
            options: LaunchOptions(url: url, sourceApplication: "com.apple.mobilesafari"))
        #expect(launch.source == .urlScheme)
        #expect(launch.url == url)
        #expect(launch.sourceApplication == "com.apple.mobilesafari")
    }

    @Test func remotePushWinsOverURLButKeepsIt() throws {
        let url = try appURL("shop://home")
        let launch = LaunchClassification(options: LaunchOptions(url: url, remoteNotification: Self.push))
        #expect(launch.source == .remotePush)
        #expect(launch.pushPayload == Self.push)
        #expect(launch.url == url)
    }

    @Test func userActivityWinsOverURLAndReportsTheWebpage() throws {
        let link = try appURL("https://shop.onelink.me/H5hv?deep_link_value=shoes")
        let scheme = try appURL("shop://home")
        let launch = LaunchClassification(
            options: LaunchOptions(url: scheme, userActivity: .universalLink(link)))
        #expect(launch.source == .universalLink)
        #expect(launch.url == link)
    }

    @Test func remoteNotificationWinsOverLocal() {
        let launch = LaunchClassification(
            options: LaunchOptions(remoteNotification: Self.push, localNotification: ["id": "reminder"]))
        #expect(launch.source == .remotePush)
        #expect(launch.pushPayload == Self.push)
    }

    @Test func localNotificationWinsOverUserActivity() throws {
        let launch = LaunchClassification(
            options: LaunchOptions(
                localNotification: ["id": "reminder"],
                userActivity: .universalLink(try appURL("https://a.example/x"))))
        #expect(launch.source == .localPush)
        #expect(launch.pushPayload == ["id": "reminder"])
    }

    @Test(arguments: [
        (LaunchOptions(location: true), LaunchSource.location),
        (LaunchOptions(bluetoothCentrals: ["central-1"]), .bluetooth),
        (LaunchOptions(bluetoothPeripherals: ["peripheral-1"]), .bluetooth),
        (LaunchOptions(newsstandDownloads: ["issue-12"]), .newsstand),
        (LaunchOptions(shortcutItem: LaunchShortcutItem(type: "com.example.search")), .shortcut),
        (LaunchOptions(cloudKitShareMetadata: ["share": "abc"]), .cloudKitShare),
        (LaunchOptions(sourceApplication: "com.apple.mobilesafari"), .unknown),
        (LaunchOptions(annotation: ["k": 1]), .unknown),
        (LaunchOptions(userActivityType: "com.example.handoff"), .userActivity),
        (LaunchOptions(shortcutItem: LaunchShortcutItem(type: "t"), location: true), .shortcut),
        (LaunchOptions(location: true, bluetoothCentrals: ["c"]), .location),
        (LaunchOptions(location: true, cloudKitShareMetadata: ["s": 1]), .cloudKitShare),
        (LaunchOptions(bluetoothCentrals: ["c"], newsstandDownloads: ["n"]), .bluetooth),
    ])
    func otherKeysFollowTheDocumentedOrder(options: LaunchOptions, expected: LaunchSource) {
        #expect(LaunchClassification(options: options).source == expected)
    }

    @Test func nonBrowsingActivityIsNotAUniversalLink() throws {
        let handoff = LaunchUserActivity(
            activityType: "com.example.reading", webpageURL: try appURL("https://a.example"))
        #expect(LaunchClassification(options: LaunchOptions(userActivity: handoff)).source == .userActivity)
        let noPage = LaunchUserActivity(webpageURL: nil)
        let launch = LaunchClassification(
            options: LaunchOptions(url: try appURL("shop://x"), userActivity: noPage))
        #expect(launch.source == .userActivity)
        #expect(launch.url == (try appURL("shop://x")))
    }

    @Test func passiveReasons() {
        #expect(LaunchClassification(options: LaunchOptions(location: true)).passiveReason == .location)
        #expect(
            LaunchClassification(options: LaunchOptions(bluetoothCentrals: [])).passiveReason == .bluetooth)
        #expect(
            LaunchClassification(options: LaunchOptions(newsstandDownloads: [])).passiveReason == .newsstand)
        let silent: AttributionPayload = ["aps": ["content-available": 1]]
        #expect(LaunchClassification(options: .remoteNotification(silent)).passiveReason == .silentPush)
        #expect(LaunchClassification(options: .remoteNotification(Self.push)).passiveReason == nil)
        #expect(
            LaunchMode(LaunchClassification(options: .remoteNotification(silent))) == .background(.silentPush)
        )
        #expect(LaunchMode(LaunchClassification(options: .none)) == .foreground)
    }

    @Test func keysHaveUIKitValuesAndShortNames() {
        #expect(LaunchOptionsKey.url.rawValue == "UIApplicationLaunchOptionsURLKey")
        #expect(LaunchOptionsKey.url.name == "url")
        #expect(LaunchOptionsKey.cloudKitShareMetadata.name == "cloudKitShareMetadata")
        #expect(LaunchOptionsKey(named: "sourceApplication") == .sourceApplication)
        #expect(
            LaunchOptionsKey(named: "UIApplicationLaunchOptionsRemoteNotificationKey") == .remoteNotification)
        #expect(LaunchOptionsKey(named: "bogus") == nil)
        #expect(Set(LaunchOptionsKey.known.map(\.name)).count == LaunchOptionsKey.known.count)
        for key in LaunchOptionsKey.known {
            #expect(LaunchOptionsKey(named: key.rawValue) == key)
            #expect(LaunchOptionsKey(named: key.name) == key)
        }
        // A key outside the known set still gets its short name, computed from the UIKit value.
        #expect(
            LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsEventAttributionKey").name
                == "eventAttribution")
        #expect(LaunchOptionsKey(named: "eventAttribution") == nil)
    }

    @Test func dictionaryWithUIKitKeysAndShortNames() throws {
        let options = try LaunchOptions(dictionary: [
            "UIApplicationLaunchOptionsURLKey": "shop://item?id=3",
            "sourceApplication": "com.example.a",
            LaunchOptionsKey.location: true,
            "bluetoothCentrals": ["c1", "c2"],
            "shortcutItem": ["type": "com.example.new", "localizedTitle": "New"],
            "userActivityDictionary": ["webpageURL": "https://shop.example/p/1"],
        ])
        #expect(options.url == (try appURL("shop://item?id=3")))
        #expect(options.sourceApplication == "com.example.a")
        #expect(options.location)
        #expect(options.bluetoothCentrals == ["c1", "c2"])
        #expect(options.shortcutItem == LaunchShortcutItem(type: "com.example.new", localizedTitle: "New"))
        #expect(options.userActivity?.webpageURL == (try appURL("https://shop.example/p/1")))
        #expect(options.userActivityType == LaunchUserActivity.browsingWeb)
        #expect(LaunchClassification(options: options).source == .universalLink)
    }

    @Test func dictionaryRoundTrip() throws {
        let options = LaunchOptions(
            url: try appURL("shop://x"), sourceApplication: "com.example.a", remoteNotification: Self.push,
            localNotification: ["n": 1], userActivity: .universalLink(try appURL("https://a.example/y")),
            shortcutItem: LaunchShortcutItem(type: "t", localizedTitle: "T", userInfo: ["k": true]),
            location: true,
            bluetoothCentrals: ["c"], bluetoothPeripherals: ["p"], newsstandDownloads: ["n"],
            cloudKitShareMetadata: ["share": "s"], annotation: ["a": [1, 2]])
        #expect(try LaunchOptions(dictionary: options.dictionary) == options)
        #expect(options.presentKeys.count == LaunchOptionsKey.known.count)
    }

    @Test func payloadFromJSON() throws {
        let payload = try AttributionPayload(
            jsonString:
                #"{"remoteNotification": {"aps": {"alert": "hi"}, "action": "shop://cart"}, "url": "shop://x"}"#
        )
        let options = try LaunchOptions(payload: payload)
        #expect(options.remoteNotification?["action"] == "shop://cart")
        #expect(LaunchClassification(options: options).source == .remotePush)
    }

    @Test(
        arguments: [
            (
                "url", 42 as AttributionValue,
                LaunchError.wrongValueType(key: "url", expected: "string", found: "integer")
            ),
            ("location", "yes", .wrongValueType(key: "location", expected: "boolean", found: "string")),
            ("location", 1, .wrongValueType(key: "location", expected: "boolean", found: "integer")),
            (
                "remoteNotification", "payload",
                .wrongValueType(key: "remoteNotification", expected: "dictionary", found: "string")
            ),
            (
                "bluetoothCentrals", ["a", 2],
                .wrongValueType(
                    key: "bluetoothCentrals", expected: "array of strings", found: "array with integer")
            ),
            ("url", "not a url", .invalidURL(key: "url", text: "not a url")),
            ("launchedFromSpace", true, .unknownKey("launchedFromSpace")),
        ] as [(String, AttributionValue, LaunchError)])
    func dictionaryErrorsNameTheKey(key: String, value: AttributionValue, expected: LaunchError) {
        #expect(throws: expected) { try LaunchOptions(dictionary: [key: value.foundationObject]) }
    }

    @Test func dictionaryRejectsNonStringKeysAndBadPayloads() {
        #expect(throws: LaunchError.nonStringKey("7 (Int)")) { try LaunchOptions(dictionary: [7: "x"]) }
        do {
            _ = try LaunchOptions(dictionary: ["localNotification": ["date": Date()]])
            Issue.record("expected an error")
        } catch {
            guard case .invalidPayload(let key, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(key == "localNotification")
            #expect(error.description.contains("localNotification"))
        }
        #expect(throws: LaunchError.duplicateKey("url")) {
            try LaunchOptions(dictionary: ["url": "a://b", "UIApplicationLaunchOptionsURLKey": "a://c"])
        }
        #expect(throws: LaunchError.unknownKey("userActivityDictionary.title")) {
            try LaunchOptions(dictionary: ["userActivityDictionary": ["title": "x"]])
        }
    }

    @Test func pushDrivesHandlePushNotification() {
        let driver = AppRecordingDriver()
        #expect(LaunchClassification(options: .remoteNotification(Self.push)).drive(driver))
        #expect(LaunchClassification(options: LaunchOptions(localNotification: ["id": 1])).drive(driver))
        #expect(driver.calls == [.push(Self.push), .push(["id": 1])])
    }

    @Test func universalLinkDrivesHandleUniversalLink() throws {
        let driver = AppRecordingDriver()
        let link = try appURL("https://shop.onelink.me/H5hv")
        LaunchClassification(options: .universalLink(link)).drive(driver)
        #expect(driver.calls == [.universalLink(link)])
    }

    @Test func schemeDrivesHandleOpenWithSourceApplication() throws {
        let driver = AppRecordingDriver()
        let url = try appURL("shop://item?id=3")
        let launch = LaunchClassification(
            options: .urlScheme(url, sourceApplication: "com.apple.mobilesafari"))
        launch.drive(driver)
        #expect(driver.calls == [.open(url, sourceApplication: "com.apple.mobilesafari")])
        #expect(LaunchClassification(options: .urlScheme(url)).openURLOptions == nil)
    }

    @Test func otherSourcesDriveNothingAndNeverStart() {
        let driver = AppRecordingDriver()
        #expect(!LaunchClassification(options: .none).drive(driver))
        #expect(!LaunchClassification(options: LaunchOptions(location: true)).drive(driver))
        #expect(driver.calls.isEmpty)
    }
}
