import OneLinkEmulator
import OneLinkSupport

// `$.schedule`, `$.outcome` and `$.app.handler`: what an explored run replays (Docs/scenarios.md).
extension Scenario {
    static let handlerFields = ["mistakes"]

    /// `$.schedule`: an array of `choice.label=alternative` decisions, as `SDKSchedule` prints them.
    static func decodeSchedule(
        _ top: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> SDKSchedule {
        guard let texts = try top.optionalStrings("schedule") else { return .default }
        var decisions: [SDKSchedule.Decision] = []
        for (index, text) in texts.enumerated() {
            guard let decision = SDKSchedule.decision(text) else {
                throw reader.fail(
                    top.at("schedule") + "[\(index)]",
                    .invalidValue(
                        "expected a decision such as \"firstLaunchOrder.1=conversionDataFirst\", found \"\(QuotedInput.prefix(text))\""
                    ))
            }
            guard SDKScheduleChoice.allKnown.contains(decision.choice) else {
                throw reader.fail(
                    top.at("schedule") + "[\(index)]",
                    .invalidValue(
                        "unknown choice \"\(QuotedInput.prefix(decision.choice.rawValue))\" (expected one of: "
                            + SDKScheduleChoice.allKnown.map(\.rawValue).joined(separator: ", ") + ")"))
            }
            let fixed = decision.choice.alternatives
            guard fixed.isEmpty || fixed.contains(decision.alternative) else {
                throw reader.fail(
                    top.at("schedule") + "[\(index)]",
                    .invalidValue(
                        "\(decision.choice) has no alternative \"\(QuotedInput.prefix(decision.alternative))\" "
                            + "(expected one of: \(fixed.joined(separator: ", ")))"))
            }
            decisions.append(decision)
        }
        return SDKSchedule(decisions)
    }

    /// `$.outcome`: expectations over the whole run, in order.
    static func decodeOutcome(
        _ top: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> [ScenarioExpectation]? {
        guard let value = top["outcome"] else { return nil }
        var outcome: [ScenarioExpectation] = []
        let outcomeNode = top.child("outcome").node
        for (index, element) in try reader.array(value, at: top.at("outcome")).enumerated() {
            outcome.append(try decodeExpectation(element, at: outcomeNode.element(index), reader))
        }
        return outcome
    }

    /// `$.app.handler`: `{"mistakes": [...]}` of the scenario's ``ExampleLinkHandler``.
    static func decodeHandler(
        _ app: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> ExampleLinkHandler.Mistakes? {
        guard let handler = try app.object("handler", allowed: handlerFields) else { return nil }
        var mistakes: ExampleLinkHandler.Mistakes = []
        let names = ExampleLinkHandler.Mistakes.named.map(\.name)
        if let value = handler["mistakes"] {
            for (index, element) in try reader.array(value, at: handler.at("mistakes")).enumerated() {
                let name = try reader.oneOf(element, names, at: handler.at("mistakes") + "[\(index)]")
                if let mistake = ExampleLinkHandler.Mistakes.named.first(where: { $0.name == name })?.mistake
                {
                    mistakes.insert(mistake)
                }
            }
        }
        return mistakes
    }
}
