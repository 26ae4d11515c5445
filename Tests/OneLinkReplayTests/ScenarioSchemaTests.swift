import Foundation
import OneLinkEmulator
import Testing

@testable import OneLinkReplay

@Suite("Scenario JSON Schema", .timeLimit(.minutes(5)))
struct ScenarioSchemaTests {
    static func schema() throws -> AttributionValue {
        try AttributionValue(json: Data(contentsOf: Fixtures.schema))
    }

    static func keys(_ value: AttributionValue?) -> [String] {
        (value?.objectValue?.keys).map { $0.sorted() } ?? []
    }

    static func strings(_ value: AttributionValue?) -> [String] {
        value?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    @Test("the schema is draft 2020-12 and lists exactly the decoder's fields")
    func fieldsMatchDecoder() throws {
        let schema = try Self.schema()
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        let properties = schema["properties"]
        #expect(Self.keys(properties) == Scenario.topLevelFields.sorted())
        #expect(Self.keys(properties?["sdk"]?["properties"]) == Scenario.sdkFields.sorted())
        #expect(
            Self.keys(properties?["sdk"]?["properties"]?["device"]?["properties"])
                == Scenario.deviceInfoFields.sorted())
        #expect(Self.keys(properties?["backend"]?["properties"]) == Scenario.backendFields.sorted())
        #expect(
            Self.keys(properties?["backend"]?["properties"]?["behaviour"]?["properties"])
                == Scenario.behaviourFields.sorted())
        #expect(
            Self.keys(properties?["backend"]?["properties"]?["server"]?["properties"])
                == Scenario.serverFields.sorted())
        #expect(Self.keys(properties?["device"]?["properties"]) == Scenario.deviceFields.sorted())
        #expect(Self.keys(properties?["app"]?["properties"]) == Scenario.appFields.sorted())
        #expect(
            Self.keys(properties?["app"]?["properties"]?["routing"]?["properties"])
                == Scenario.routingFields.sorted())
        let definitions = schema["$defs"]
        #expect(Self.keys(definitions?["error"]?["properties"]) == Scenario.errorFields.sorted())
        #expect(
            Self.strings(definitions?["expectation"]?["properties"]?["output"]?["enum"])
                == ScenarioExpectation.outputNames)
        let step = definitions?["step"]
        #expect(Self.strings(step?["properties"]?["do"]?["enum"]) == ScenarioStep.kindNames)
        #expect(
            Self.keys(step?["properties"]?["context"]?["properties"]) == Scenario.clickContextFields.sorted())
        let perKind = step?["allOf"]?.arrayValue ?? []
        #expect(perKind.count == ScenarioStep.kindNames.count)
        for rule in perKind {
            guard let kind = rule["if"]?["properties"]?["do"]?["const"]?.stringValue else {
                Issue.record("an allOf entry has no do constant")
                continue
            }
            let allowed = Self.strings(rule["then"]?["propertyNames"]?["enum"])
            #expect(allowed == ["do", "expect", "note"] + (ScenarioStep.kindFields[kind] ?? []), "\(kind)")
            for field in allowed { #expect(step?["properties"]?[field] != nil, "\(kind).\(field)") }
        }
    }

    @Test("every key of every bundled scenario appears in the schema", arguments: Fixtures.scenarioNames)
    func bundledKeysInSchema(name: String) throws {
        let schema = try Self.schema()
        let document = try AttributionValue(
            json: Data(contentsOf: Fixtures.scenarios.appendingPathComponent(name)))
        let top = Set(Self.keys(schema["properties"]))
        for key in Self.keys(document) { #expect(top.contains(key), "\(name): \(key)") }
        for section in ["sdk", "backend", "device", "app"] {
            let allowed = Set(Self.keys(schema["properties"]?[section]?["properties"]))
            for key in Self.keys(document[section]) {
                #expect(allowed.contains(key), "\(name): \(section).\(key)")
            }
        }
        let stepFields = Set(Self.keys(schema["$defs"]?["step"]?["properties"]))
        for step in document["steps"]?.arrayValue ?? [] {
            for key in Self.keys(step) { #expect(stepFields.contains(key), "\(name): step field \(key)") }
        }
    }
}
