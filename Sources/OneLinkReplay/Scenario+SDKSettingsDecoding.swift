import OneLinkEmulator

extension Scenario {
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
