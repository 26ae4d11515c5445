import Foundation
@_spi(SDK7) import OneLinkEmulator
import OneLinkSupport
import Testing

@Suite("SDK 7 renamed and new calls behave as their SDK 6 counterparts, rule 24", .timeLimit(.minutes(5)))
struct SDK7SurfaceTests {
    @Test("Rule 24: initialize sets the keys; getSdkVersion reports 7.0.0")
    func initializeAndVersion() {
        let sdk = AppsFlyerLib()
        sdk.initialize(devKey: "DEV_KEY", appId: "123456789")
        #expect(sdk.appsFlyerDevKey == "DEV_KEY")
        #expect(sdk.appleAppID == "123456789")
        #expect(sdk.getSdkVersion() == "7.0.1")
        #expect(sdk.getSDKVersion() == AppsFlyerLib.emulatedSDKVersion)
    }

    @Test("Rule 24: setHost(_:hostName:) takes the prefix first")
    func setHostReversed() {
        let sdk = AppsFlyerLib()
        sdk.setHost("custom", hostName: "example.com")
        #expect(sdk.host == "example.com")
        #expect(sdk.hostPrefix == "custom")
    }

    @Test(
        "Rule 24: appendParametersToDeepLinkingURL and setPartnerData(partnerId:data:) act as the SDK 6 calls"
    )
    func renamedConfiguration() async throws {
        let fixture = SDKFixture(udl: true)
        fixture.sdk.sdkGeneration = .v7
        fixture.sdk.appendParametersToDeepLinkingURL(
            contains: "onelink-basic-app", parameters: ["pid": "Email"])
        fixture.sdk.setPartnerData(partnerId: "partner_int", data: ["key": "val"])
        fixture.sdk.setPartnerData(partnerId: nil, data: ["key": "val"])
        #expect(fixture.sdk.identity.partnerData["partner_int"] == ["key": "val"])
        #expect(fixture.sdk.configurationErrors.count == 1)
        let events = await fixture.sdk.perform(
            .universalLink("https://onelink-basic-app.onelink.me/H5hv?deep_link_value=kiwi"))
        guard case .deepLink(let result) = try #require(events.first) else { return }
        #expect(result.deepLink?.clickEvent["pid"] as? String == "Email")
    }

    @Test("Rule 24: the PII setters send SHA-256 digests of normalized values; clearUserPii empties them")
    func hashedPII() {
        let sdk = AppsFlyerLib()
        sdk.setUserEmail("  Jane@Example.COM ")
        sdk.setUserPhone(countryCode: "+44", phoneNumber: "07700 900123")
        sdk.setUserFirstName(" Jane")
        sdk.setUserLastName("Doe ")
        sdk.setUserFbLoginId(1_234_567)
        let pii = sdk.identity.pii
        #expect(pii.emailSHA256 == SHA256.hexDigest(of: Array("jane@example.com".utf8)))
        #expect(pii.phoneSHA256 == SHA256.hexDigest(of: Array("7700900123".utf8)))
        #expect(pii.phoneE164SHA256 == SHA256.hexDigest(of: Array("+447700900123".utf8)))
        #expect(pii.firstNameSHA256 == SHA256.hexDigest(of: Array("jane".utf8)))
        #expect(pii.lastNameSHA256 == SHA256.hexDigest(of: Array("doe".utf8)))
        #expect(pii.fbLoginID == 1_234_567)
        sdk.setUserFbLoginId(0)
        #expect(sdk.identity.pii.fbLoginID == nil)
        sdk.clearUserPii()
        #expect(sdk.identity.pii.isEmpty)
    }

    @Test("Rule 24: PII travels with the launch request")
    func piiTravels() async throws {
        let fixture = SDKFixture()
        fixture.sdk.setUserEmail("jane@example.com")
        await fixture.sdk.perform(.start)
        let request = try #require(fixture.launches.requests.first)
        #expect(request.identity.pii.emailSHA256 == SHA256.hexDigest(of: Array("jane@example.com".utf8)))
    }

    @Test(
        "Rule 24: validateAndLogInAppPurchase validates, logs af_purchase and reports through one completion")
    func purchaseDetails() async throws {
        let clock = ManualClock()
        let validator = InMemoryPurchaseValidator(invalidTransactionIDs: ["bad"], clock: clock)
        let recorder = InMemoryEventRecorder(clock: clock)
        let sdk = AppsFlyerLib(clock: clock, eventRecorder: recorder, purchaseValidator: validator)
        sdk.initialize(devKey: "DEV_KEY", appId: "123456789")
        let outcomes = Locked<[(Bool, Bool)]>([])
        for (product, transaction) in [("apples", "t-1"), ("apples", "bad"), ("", "t-2")] {
            sdk.validateAndLogInAppPurchase(
                purchaseDetails: AFSDKPurchaseDetails(
                    productId: product, transactionId: transaction, purchaseType: .oneTimePurchase),
                purchaseAdditionalDetails: ["coupon": "spring"]
            ) { response, error in
                outcomes.withLock { $0.append((response != nil, error != nil)) }
            }
        }
        await sdk.waitUntilIdle()
        #expect(outcomes.value.map(\.0) == [true, true, false])
        #expect(outcomes.value.map(\.1) == [false, true, true])
        #expect(validator.requests.map(\.transactionID) == ["t-1", "bad"])
        let event = try #require(recorder.events.first)
        #expect(recorder.events.count == 1)
        #expect(event.name == AFEventPurchase)
        #expect(event.values[AFEventParamContentId] == "apples")
        #expect(event.values["af_purchase_type"] == "one_time_purchase")
        #expect(event.values["coupon"] == "spring")
    }

    @Test("Rule 24: generateInviteLink hands (url, error); logInvite(_:eventParameters:) logs af_invite")
    func invites() async throws {
        let recorder = InMemoryEventRecorder()
        let sdk = AppsFlyerLib(eventRecorder: recorder)
        sdk.initialize(devKey: "DEV_KEY", appId: "123456789")
        let results = Locked<[(URL?, Bool)]>([])
        await AppsFlyerLib.withShared(sdk) {
            AppsFlyerShareInviteHelper.generateInviteLink(linkGenerator: { $0 }) { url, error in
                results.withLock { $0.append((url, error != nil)) }
            }
            sdk.appInviteOneLinkID = "H5hv"
            AppsFlyerShareInviteHelper.generateInviteLink(
                linkGenerator: { generator in
                    generator.setReferrerImageUrl("https://example.com/a.png")
                    generator.setBaseDeepLink("fruit://")
                    generator.addUserParams(["deep_link_value": "apples"])
                    return generator
                }
            ) { url, error in
                results.withLock { $0.append((url, error != nil)) }
            }
            AppsFlyerShareInviteHelper.logInvite("mail", eventParameters: ["af_sub1": "x"])
            await sdk.waitUntilIdle()
        }
        #expect(results.value.map(\.1) == [true, false])
        #expect(results.value.first?.0 == nil)
        let link = try #require(results.value.last?.0?.absoluteString)
        #expect(link.contains("af_referrer_image_url=https%3A%2F%2Fexample.com%2Fa.png"))
        #expect(link.contains("af_dp=fruit%3A%2F%2F"))
        #expect(link.contains("deep_link_value=apples"))
        #expect(recorder.events.map(\.name) == [AFEventInvite])
        #expect(recorder.events.first?.values["af_channel"] == "mail")
    }
}

@Suite("AppsFlyerLibConfig.plist, rule 25", .timeLimit(.minutes(5)))
struct AppsFlyerLibConfigTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>debug_mode</key><true/>
            <key>currency_code</key><string>ILS</string>
            <key>disable_idfa_collection</key><true/>
            <key>disable_idfv_collection</key><true/>
            <key>disable_skadnetwork</key><true/>
            <key>min_time_between_sessions</key><integer>30</integer>
            <key>host</key><string>example.com</string>
            <key>prefix</key><string>custom</string>
            <key>future_key</key><string>ignored</string>
        </dict>
        </plist>
        """

    @Test("Rule 25: every key applies; code set afterwards overrides it")
    func appliesThenCodeOverrides() throws {
        let config = try AppsFlyerLibConfig(data: Data(Self.plist.utf8))
        #expect(config.ignoredKeys == ["future_key"])
        let sdk = AppsFlyerLib()
        sdk.apply(config)
        #expect(sdk.isDebug)
        #expect(sdk.currencyCode == "ILS")
        #expect(sdk.disableAdvertisingIdentifier)
        #expect(sdk.disableIDFVCollection)
        #expect(sdk.disableSKAdNetwork)
        #expect(sdk.minTimeBetweenSessions == 30)
        #expect(sdk.host == "example.com")
        #expect(sdk.hostPrefix == "custom")
        sdk.minTimeBetweenSessions = 1
        sdk.currencyCode = "USD"
        #expect(sdk.minTimeBetweenSessions == 1)
        #expect(sdk.currencyCode == "USD")
    }

    @Test("Rule 25: without the key (or the file) min_time_between_sessions stays the header's 5 s")
    func defaultMinTime() throws {
        let sdk = AppsFlyerLib()
        sdk.apply(try AppsFlyerLibConfig(data: Data(#"<plist version="1.0"><dict/></plist>"#.utf8)))
        #expect(sdk.minTimeBetweenSessions == 5)
        #expect(try AppsFlyerLibConfig(bundle: Bundle(path: NSTemporaryDirectory())!) == nil)
    }

    @Test("Rule 25: read from a file URL; a missing file is unreadable")
    func fromFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "AppsFlyerLibConfig-\(UUID().uuidString).plist")
        try Data(Self.plist.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try AppsFlyerLibConfig(contentsOf: url).currencyCode == "ILS")
        let missing = url.appendingPathExtension("missing")
        #expect {
            try AppsFlyerLibConfig(contentsOf: missing)
        } throws: { error in
            if case .unreadable = error as? AppsFlyerLibConfigError { return true }
            return false
        }
    }

    @Test(
        "Rule 25: a bad plist is a typed error, never a trap",
        arguments: [
            ("not a plist at all", "notAPropertyList"),
            (#"<plist version="1.0"><array/></plist>"#, "notADictionary"),
            (
                #"<plist version="1.0"><dict><key>debug_mode</key><string>yes</string></dict></plist>"#,
                "wrongType"
            ),
            (
                #"<plist version="1.0"><dict><key>min_time_between_sessions</key><integer>-1</integer></dict></plist>"#,
                "outOfRange"
            ),
            (#"<plist version="1.0"><dict><key>host</key><integer>1</integer></dict></plist>"#, "wrongType"),
        ])
    func badPlist(text: String, kind: String) {
        do {
            _ = try AppsFlyerLibConfig(data: Data(text.utf8))
            Issue.record("expected \(kind)")
        } catch {
            let name = "\(error)"
            switch error {
            case .notAPropertyList: #expect(kind == "notAPropertyList", "\(name)")
            case .notADictionary: #expect(kind == "notADictionary", "\(name)")
            case .wrongType: #expect(kind == "wrongType", "\(name)")
            case .outOfRange: #expect(kind == "outOfRange", "\(name)")
            default: Issue.record("unexpected \(name)")
            }
            #expect(!error.description.isEmpty)
        }
    }

    @Test("Rule 25: a file over the size limit is refused before parsing")
    func tooLarge() {
        let big = Data(repeating: 0x20, count: AppsFlyerLibConfig.maximumSize + 1)
        #expect(
            throws: AppsFlyerLibConfigError.tooLarge(bytes: big.count, limit: AppsFlyerLibConfig.maximumSize)
        ) {
            try AppsFlyerLibConfig(data: big)
        }
    }
}
