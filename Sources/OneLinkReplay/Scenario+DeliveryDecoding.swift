import Foundation
import OneLinkApp
import OneLinkEmulator

extension Scenario {
    static let deliveryStateNames = DeliveryAppState.allCases.map(\.rawValue)

    static func decodeDelivery(
        _ kind: ScenarioStep.Kind, _ fields: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> DeliveryStep {
        let names = DeliveryStep.wiringNames
        func wiring(
            _ value: AttributionValue, at path: @autoclosure () -> String
        ) throws(ScenarioError) -> String {
            try reader.oneOf(value, names, at: path())
        }
        let wiringValue = try fields.required("wiring")
        if kind == .checkWiring {
            if case .array(let elements) = wiringValue {
                var result: [String] = []
                for (index, element) in elements.enumerated() {
                    result.append(try wiring(element, at: fields.at("wiring") + "[\(index)]"))
                }
                return .checkWiring(result)
            }
            return .checkWiring([try wiring(wiringValue, at: fields.at("wiring"))])
        }
        let name = try wiring(wiringValue, at: fields.at("wiring"))
        let stateName = try reader.oneOf(
            try fields.required("state"), deliveryStateNames, at: fields.at("state"))
        let state = DeliveryAppState(rawValue: stateName) ?? .notRunning
        let inputs = ["url", "push"].filter { fields[$0] != nil }
        guard inputs.count == 1 else {
            throw reader.fail(fields.path, .invalidValue("expected exactly one of url, push"))
        }
        let source = try fields.optionalString("sourceApplication")
        if inputs[0] == "push" {
            guard source == nil else {
                throw reader.fail(
                    fields.at("sourceApplication"), .invalidValue("a push tap has no source application"))
            }
            return .deliverLink(
                wiring: name, state: state, link: .pushTap(try fields.optionalPayload("push") ?? [:]))
        }
        let text = try fields.string("url")
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw reader.fail(fields.at("url"), .invalidValue("\"\(text)\" is not a URL with a scheme"))
        }
        if scheme == "http" || scheme == "https" {
            guard source == nil else {
                throw reader.fail(
                    fields.at("sourceApplication"),
                    .invalidValue("a universal link has no source application"))
            }
            return .deliverLink(wiring: name, state: state, link: .universalLink(text))
        }
        return .deliverLink(wiring: name, state: state, link: .uriScheme(text, sourceApplication: source))
    }
}
