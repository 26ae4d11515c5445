import OneLinkEmulator

extension Scenario {
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
