import OneLinkEmulator

extension Scenario {
    /// Decodes `$.sdk.sdkVersion` (a known release, whose documented quirks apply and which the SDK
    /// reports) and `$.sdk.quirks` (quirks by name).
    ///
    /// A 7.x release runs the SDK 7 session model when `$.sdk.version` is not given, and is refused
    /// with `"version": 6` (and a 6.x release with `"version": 7`).
    static func decodeRelease(
        _ sdk: ScenarioReader.Fields, _ reader: ScenarioReader, settings: inout SDKSettings
    ) throws(ScenarioError) {
        settings.quirks = try decodeQuirks(sdk, reader)
        guard let text = try sdk.optionalString("sdkVersion"), let release = SDKRelease(text) else { return }
        guard release.isKnown else {
            throw reader.fail(
                sdk.at("sdkVersion"),
                .invalidValue(
                    "\(release) is not a release the emulator knows (6.0.0 to \(SDKRelease.newestSDK6), 7.0.0 to \(SDKRelease.newestSDK7))"
                ))
        }
        if sdk["version"] == nil {
            settings.version = release.major == 7 ? .v7 : .v6
        } else if release.major != settings.version.rawValue {
            throw reader.fail(
                sdk.at("sdkVersion"),
                .invalidValue(
                    "\(release) is an SDK \(release.major) release, but $.sdk.version is \(settings.version.rawValue)"
                ))
        }
        settings.release = release
    }

    /// Decodes `$.sdk.sdkVersion` (a release whose documented quirks apply) and `$.sdk.quirks` (quirks by name).
    static func decodeQuirks(
        _ sdk: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> Set<SDKQuirk> {
        var quirks: Set<SDKQuirk> = []
        if let release = try sdk.optionalString("sdkVersion") {
            guard let known = SDKQuirk.quirks(ofRelease: release) else {
                throw reader.fail(
                    sdk.at("sdkVersion"),
                    .invalidValue("expected a release number such as \"6.9.0\", found \"\(release)\""))
            }
            quirks = known
        }
        if let value = sdk["quirks"] {
            let names = SDKQuirk.allKnown.map(\.rawValue)
            for (index, name) in try reader.array(value, at: sdk.at("quirks")).enumerated() {
                quirks.insert(
                    SDKQuirk(rawValue: try reader.oneOf(name, names, at: sdk.at("quirks") + "[\(index)]")))
            }
        }
        return quirks
    }

    /// Decodes the fields of an `sdk` step.
    static func decodeSDKSettings(
        _ fields: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> SDKSettingsStep {
        var change = SDKSettingsStep()
        change.isStopped = try fields.optionalBool("isStopped")
        change.anonymizeUser = try fields.optionalBool("anonymizeUser")
        change.waitForATTUserAuthorization = try fields.optionalUnsigned("waitForATTUserAuthorization")
        if let value = fields["trackingAuthorization"] {
            let names = SDKSettingsStep.trackingAuthorizationNames
            let name = try reader.oneOf(value, names.keys.sorted(), at: fields.at("trackingAuthorization"))
            change.trackingAuthorization = names[name]
        }
        if let value = fields["customerUserID"] {
            change.customerUserID =
                value.isNull ? .some(nil) : try reader.string(value, at: fields.at("customerUserID"))
        }
        if change == SDKSettingsStep() {
            throw reader.fail(
                fields.path,
                .invalidValue(
                    "an sdk step changes at least one of: "
                        + (ScenarioStep.kindFields["sdk"] ?? []).joined(separator: ", ")))
        }
        return change
    }
}
