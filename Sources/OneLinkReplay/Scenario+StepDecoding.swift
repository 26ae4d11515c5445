import Foundation
import OneLinkApp
import OneLinkClicks
import OneLinkEmulator

extension Scenario {
    static func decodeStep(
        _ value: consuming AttributionValue, at location: ScenarioReader.Path, _ reader: ScenarioReader
    ) throws(ScenarioError) -> ScenarioStep {
        var fields = try reader.object(consume value, at: location, allowed: nil)
        guard let kindValue = fields["do"] else {
            throw reader.fail(location.text, .missingField("do"))
        }
        let kind = try reader.string(kindValue, at: location.text + ".do")
        // Every kind has its allowed fields: one lookup both checks the kind and finds them.
        guard let known = ScenarioStep.allowedFields[kind] else {
            throw reader.fail(location.text + ".do", .unknownStep(kind))
        }
        try fields.check(allowed: known.allowed)
        let action = try decodeAction(known.kind, fields, reader)
        var expectations: [ScenarioExpectation] = []
        if let expect = fields.take("expect") {
            var elements = try reader.array(consume expect, at: fields.at("expect"))
            expectations.reserveCapacity(elements.count)
            let expectNode = fields.child("expect").node
            for index in elements.indices {
                // Moved out, so an expectation's members are its own and lose `output` in place.
                var element = AttributionValue.null
                swap(&element, &elements[index])
                expectations.append(
                    try decodeExpectation(consume element, at: expectNode.element(index), reader))
            }
        }
        let note = try fields.optionalString("note")
        return ScenarioStep(consume action, expect: consume expectations, note: note)
    }

    static func decodeExpectation(
        _ value: consuming AttributionValue, at location: ScenarioReader.Path, _ reader: ScenarioReader
    ) throws(ScenarioError) -> ScenarioExpectation {
        var members = try reader.members(consume value, at: location)
        func at(_ key: String) -> String { location.member(key).text }
        // One pass over the members: the options are found as they are met, and `output`, which
        // every expectation has, is later removed by its index rather than by hashing its key.
        var outputIndex: [String: AttributionValue].Index?
        var matchValue: AttributionValue?
        var typesValue: AttributionValue?
        var payloadValue: AttributionValue?
        var index = members.startIndex
        while index != members.endIndex {
            switch members.keys[index] {
            case "output": outputIndex = index
            case "match": matchValue = members.values[index]
            case "types": typesValue = members.values[index]
            case "payload": payloadValue = members.values[index]
            default: break
            }
            members.formIndex(after: &index)
        }
        guard let outputIndex else { throw reader.fail(location.text, .missingField("output")) }
        let output = try reader.string(members.values[outputIndex], at: at("output"))
        guard ScenarioReader.contains(ScenarioExpectation.outputNames, output) else {
            throw reader.fail(
                at("output"),
                .invalidValue(
                    "unknown output \"\(output)\" (expected one of: "
                        + ScenarioExpectation.outputNames.joined(separator: ", ") + ")"))
        }
        var match = ScenarioExpectation.PayloadMatch.exact
        if let matchValue {
            match =
                .init(rawValue: try reader.oneOf(matchValue, ["exact", "subset"], at: at("match")))
                ?? .exact
        }
        var types = ScenarioExpectation.TypeMatching.strict
        if let typesValue {
            types =
                .init(rawValue: try reader.oneOf(typesValue, ["strict", "loose"], at: at("types")))
                ?? .strict
        }
        if let payloadValue, payloadValue.objectValue == nil {
            throw reader.wrongType(payloadValue, expected: "an object", at: at("payload"))
        }
        // The members less the options: in place when the members are not shared, else a copy of
        // the table, which rehashes none of the keys it keeps and has the original's indices.
        members.remove(at: outputIndex)
        if matchValue != nil { members.removeValue(forKey: "match") }
        if typesValue != nil { members.removeValue(forKey: "types") }
        return ScenarioExpectation(output, fields: members, match: match, types: types)
    }

    private static func decodeAction(
        _ kind: ScenarioStep.Kind, _ fields: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> ScenarioStep.Action {
        func which() throws(ScenarioError) -> Bool {
            guard let value = fields["delegate"] else { return false }
            return try reader.oneOf(value, ["delegate", "deepLinkDelegate"], at: fields.at("delegate"))
                == "deepLinkDelegate"
        }
        switch kind {
        case .start: return try fields.optionalBool("completion") == true ? .startWithCompletion : .start
        case .foreground: return .foreground
        case .background: return .background
        case .handleOpen:
            return .handleOpen(
                url: try fields.string("url"),
                sourceApplication: try fields.optionalString("sourceApplication"))
        case .universalLink: return .universalLink(try fields.string("url"))
        case .push:
            return .push(try reader.payload(try fields.required("payload"), at: fields.at("payload")))
        case .performOnAppAttribution: return .performOnAppAttribution(try fields.string("url"))
        case .advance:
            let milliseconds = try reader.duration(try fields.required("by"), at: fields.at("by"))
            guard milliseconds >= 0 else {
                throw reader.fail(fields.at("by"), .invalidValue("the clock only moves forward"))
            }
            return .advance(milliseconds: milliseconds)
        case .reinstall: return .reinstall
        case .relaunch: return .relaunch
        case .setDelegate: return .setDelegate(deepLink: try which())
        case .clearDelegate: return .clearDelegate(deepLink: try which())
        case .behaviour:
            let decoded = try decodeBehaviours(fields, reader)
            return .behaviour(shortLinks: decoded.0, conversion: decoded.1, deferred: decoded.2)
        case .launch:
            let payload = try fields.optionalPayload("options") ?? [:]
            do {
                return .launch(try LaunchOptions(payload: payload))
            } catch {
                throw reader.fail(fields.at("options"), .invalidValue(error.description))
            }
        case .lifecycle:
            let name = try fields.string("signal")
            let reason = try fields.optionalString("passiveReason").map(PassiveLaunchReason.init(rawValue:))
            do {
                return .lifecycle(try LifecycleSignal(name: name, passiveReason: reason))
            } catch {
                throw reader.fail(fields.at("signal"), .invalidValue(error.description))
            }
        case .route:
            let inputs = ["action", "callback", "push", "url"].filter { fields[$0] != nil }
            guard inputs.count == 1 else {
                throw reader.fail(
                    fields.path, .invalidValue("expected exactly one of action, callback, push, url"))
            }
            switch inputs[0] {
            case "action": return .route(.action(try fields.string("action")))
            case "callback": return .route(.callback(try fields.optionalPayload("callback") ?? [:]))
            case "push": return .route(.push(try fields.optionalPayload("push") ?? [:]))
            default: return .route(.url(try fields.string("url")))
            }
        case .setRoot: return .setRoot(try fields.string("name"))
        case .pushScreen: return .pushScreen(try fields.string("name"))
        case .popScreen: return .popScreen
        case .routerReady: return .routerReady
        case .routerBackground: return .routerBackground
        case .routerActive: return .routerActive
        case .setPasteboard:
            let text = try fields.required("text")
            if text.isNull { return .setPasteboard(nil) }
            return .setPasteboard(try reader.string(text, at: fields.at("text")))
        case .clipboardLink:
            return .clipboardLink(firstLaunch: try fields.optionalBool("firstLaunch") ?? true)
        case .openURL:
            return .openURL(url: try fields.string("url"), from: try fields.optionalString("from"))
        case .deliverLink, .checkWiring: return .delivery(try decodeDelivery(kind, fields, reader))
        case .sdk: return .sdkSettings(try decodeSDKSettings(fields, reader))
        case .appEvent:
            let name = try fields.string("name")
            guard !name.isEmpty else {
                throw reader.fail(fields.at("name"), .invalidValue("must not be empty"))
            }
            return .appEvent(name)
        case .click:
            return .click(try decodeClick(fields, reader))
        }
    }

    /// The IP address a `click` step sends when it names none: the default device's.
    private static let defaultIPAddress = DeviceInfo().ipAddress

    private static func decodeClick(
        _ fields: ScenarioReader.Fields, _ reader: ScenarioReader
    ) throws(ScenarioError) -> ClickRequest {
        var headers: [String: String] = [:]
        if let object = try fields.object("headers", allowed: nil) {
            for (key, value) in object.members { headers[key] = try reader.string(value, at: object.at(key)) }
        }
        var context = ClickContext()
        if let object = try fields.object("context", allowed: clickContextFields) {
            context.appInstalled = try object.optionalBool("appInstalled") ?? false
            context.universalLinkBypassed = try object.optionalBool("universalLinkBypassed") ?? false
            if let value = object["origin"] {
                switch try reader.oneOf(
                    value, ["linkTap", "addressBar", "embeddedWebView"], at: object.at("origin"))
                {
                case "addressBar": context.origin = .addressBar
                case "embeddedWebView": context.origin = .embeddedWebView
                default: context.origin = .linkTap
                }
            }
        }
        return ClickRequest(
            url: try fields.string("url"),
            userAgent: try fields.optionalString("userAgent") ?? defaultUserAgent,
            ipAddress: try fields.optionalString("ip") ?? defaultIPAddress, headers: headers,
            advertisingID: try fields.optionalString("advertisingID"), context: context)
    }
}
