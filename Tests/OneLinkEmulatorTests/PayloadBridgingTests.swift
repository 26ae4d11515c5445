import Foundation
import OneLinkEmulator
import Testing

/// Checks the bridge between payloads and the `[AnyHashable: Any]` world of handler code.
@Suite(.timeLimit(.minutes(5))) struct PayloadBridgingTests {
    // MARK: Payload to Foundation

    @Test func scalarsBridgeToStringNSNumberAndNSNull() throws {
        let payload: AttributionPayload = [
            "af_status": "Non-organic", "af_cost_value": 6, "ratio": 6.0, "is_retargeting": true,
            "adgroup": nil, "off": false,
        ]
        let data = payload.foundationDictionary
        #expect(data.count == 6)
        #expect(data["af_status"] as? String == "Non-organic")
        #expect(data["af_cost_value"] as? Int == 6)
        #expect(data["af_cost_value"] is NSNumber)
        #expect(data["ratio"] as? Double == 6.0)
        #expect(data["is_retargeting"] as? Bool == true)
        #expect(data["is_retargeting"] is NSNumber)
        #expect(data["ratio"] is NSNumber)
        #expect(data["off"] as? Bool == false)
        #expect(data["adgroup"] is NSNull)
        #expect(data["missing"] == nil)
    }

    @Test func integerOneReadsAsTrueLikeOnIOS() {
        let data: AttributionPayload = ["is_first_launch": 1, "iscache": 0, "count": 2]
        let bridged = data.foundationDictionary
        #expect(bridged["is_first_launch"] as? Bool == true)
        #expect(bridged["iscache"] as? Bool == false)
        #expect(bridged["count"] as? Bool == nil)
        #expect(bridged["count"] as? Int == 2)
    }

    @Test func doublesKeepTheirFraction() {
        let bridged = AttributionValue.double(2.5).foundationObject
        #expect(bridged as? Double == 2.5)
        #expect((bridged as? NSNumber)?.doubleValue == 2.5)
        #expect(AttributionValue.double(-0.125).foundationObject as? Double == -0.125)
    }

    @Test func containersBridgeToFoundationCollections() throws {
        let value: AttributionValue = ["list": [1, "two", nil], "inner": ["flag": true]]
        let object = try #require(value.foundationObject as? [AnyHashable: Any])
        let list = try #require(object["list"] as? [Any])
        #expect(list.count == 3)
        #expect(list[0] as? Int == 1)
        #expect(list[1] as? String == "two")
        #expect(list[2] is NSNull)
        let inner = try #require(object["inner"] as? [AnyHashable: Any])
        #expect(inner["flag"] as? Bool == true)
    }

    // MARK: Foundation to payload

    @Test func swiftScalarsBecomeTheirCases() throws {
        let dictionary: [AnyHashable: Any] = [
            "int": 16, "bool": true, "double": 6.0, "string": "apples", "int8": Int8(-3), "uint16": UInt16(7),
            "float": Float(1.5), "nsstring": NSString(string: "ns"),
        ]
        let payload = try AttributionPayload(foundation: dictionary)
        #expect(
            payload == [
                "int": 16, "bool": true, "double": 6.0, "string": "apples", "int8": -3, "uint16": 7,
                "float": 1.5, "nsstring": "ns",
            ])
    }

    @Test func nsNumberBooleansAndIntegersStayApart() throws {
        let dictionary: [AnyHashable: Any] = [
            "yes": NSNumber(value: true), "no": NSNumber(value: false), "one": NSNumber(value: 1),
            "zero": NSNumber(value: 0), "half": NSNumber(value: 0.5), "six": NSNumber(value: 6.0),
            "float": NSNumber(value: Float(0.25)), "big": NSNumber(value: UInt64(Int.max)),
        ]
        let payload = try AttributionPayload(foundation: dictionary)
        #expect(payload["yes"] == .bool(true))
        #expect(payload["no"] == .bool(false))
        #expect(payload["one"] == .int(1))
        #expect(payload["zero"] == .int(0))
        #expect(payload["half"] == .double(0.5))
        #expect(payload["six"] == .double(6))
        #expect(payload["float"] == .double(0.25))
        #expect(payload["big"] == .int(Int.max))
    }

    @Test func nullsAndMissingOptionalsBecomeNull() throws {
        let none: String? = nil
        let some: Int? = 5
        let nested: Bool?? = .some(.some(true))
        let dictionary: [AnyHashable: Any] = [
            "nsnull": NSNull(), "none": none as Any, "some": some as Any, "nested": nested as Any,
        ]
        let payload = try AttributionPayload(foundation: dictionary)
        #expect(payload == ["nsnull": nil, "none": nil, "some": 5, "nested": true])
    }

    @Test func nestedArraysAndDictionariesBridgeRecursively() throws {
        let dictionary: [AnyHashable: Any] = [
            "list": [1, "two", [3.5, false]] as [Any],
            "object": ["a": ["b": NSNull()] as [String: Any]] as [String: Any],
            "typed": ["x": 1, "y": 2] as [String: Int],
            "ns": NSArray(array: [NSNumber(value: true), NSString(string: "s")]),
        ]
        let payload = try AttributionPayload(foundation: dictionary)
        #expect(
            payload == [
                "list": [1, "two", [3.5, false]], "object": ["a": ["b": nil]], "typed": ["x": 1, "y": 2],
                "ns": [true, "s"],
            ])
    }

    @Test func unsupportedTypesNameTheirExactPath() {
        let date = Date(timeIntervalSince1970: 0)
        #expect(throws: PayloadError.unsupportedValue(path: "$.install_time", type: "Date")) {
            try AttributionPayload(foundation: ["install_time": date])
        }
        #expect(throws: PayloadError.unsupportedValue(path: "$.list[2].when", type: "Date")) {
            try AttributionPayload(foundation: ["list": [1, 2, ["when": date]] as [Any]])
        }
        #expect(throws: PayloadError.unsupportedValue(path: #"$["a key"]"#, type: "URL")) {
            try AttributionPayload(foundation: ["a key": URL(fileURLWithPath: "/")])
        }
        #expect(throws: PayloadError.unsupportedValue(path: "$.big", type: "UInt64 out of Int range")) {
            try AttributionPayload(foundation: ["big": UInt64.max])
        }
        #expect(throws: PayloadError.unsupportedValue(path: "$.big", type: "NSNumber out of Int range")) {
            try AttributionPayload(foundation: ["big": NSNumber(value: UInt64.max)])
        }
    }

    @Test func nonStringKeysAreRejected() {
        #expect(throws: PayloadError.nonStringKey(path: "$", key: "1 (Int)")) {
            try AttributionPayload(foundation: [1: "x"])
        }
        #expect(throws: PayloadError.nonStringKey(path: "$.outer[0]", key: "true (Bool)")) {
            try AttributionPayload(foundation: ["outer": [[true: 1] as [AnyHashable: Any]] as [Any]])
        }
    }

    @Test func nonFiniteNumbersAreRejected() {
        #expect(throws: PayloadError.nonFiniteNumber(path: "$.nan")) {
            try AttributionPayload(foundation: ["nan": Double.nan])
        }
        #expect(throws: PayloadError.nonFiniteNumber(path: "$.inf[0]")) {
            try AttributionPayload(foundation: ["inf": [Double.infinity] as [Any]])
        }
        #expect(throws: PayloadError.nonFiniteNumber(path: "$.f")) {
            try AttributionPayload(foundation: ["f": Float.nan])
        }
        #expect(throws: PayloadError.nonFiniteNumber(path: "$.ns")) {
            try AttributionPayload(foundation: ["ns": NSNumber(value: -Double.infinity)])
        }
    }

    @Test func nestingIsLimitedLikeTheJSONParser() throws {
        func nested(_ levels: Int) -> Any {
            var value: Any = [Any]()
            for _ in 1..<levels { value = [value] }
            return value
        }
        let accepted = try AttributionValue(foundation: nested(256))
        #expect(try AttributionValue(jsonString: accepted.jsonText()) == accepted)
        let path = "$" + String(repeating: "[0]", count: 256)
        #expect(throws: PayloadError.nestingTooDeep(path: path, limit: 256)) {
            try AttributionValue(foundation: nested(257))
        }
    }

    @Test func errorsDescribeThePath() {
        #expect(
            PayloadError.unsupportedValue(path: "$.when", type: "Date").description
                == "value of type Date at $.when has no JSON equivalent")
        #expect(
            PayloadError.nonStringKey(path: "$", key: "1 (Int)").description
                == "non-string key 1 (Int) in the dictionary at $")
        #expect(
            PayloadError.nonFiniteNumber(path: "$.x").description
                == "non-finite number at $.x cannot be represented in JSON")
    }

    // MARK: Round trips

    @Test(arguments: Fixtures.sampleFiles)
    func everySampleSurvivesAFoundationRoundTrip(file: String) throws {
        let sample = try Fixtures.sample(file)
        let back = try AttributionPayload(foundation: sample.payload.foundationDictionary)
        Fixtures.expectEqual(back, sample.payload)
    }

    @Test func everyValueKindSurvivesAFoundationRoundTrip() throws {
        let value: AttributionValue = [
            "s": "x", "i": -42, "d": 6.0, "t": true, "f": false, "n": nil, "a": [1, [2.5], ["k": nil]],
            "o": ["deep": ["deeper": "yes"]], "empty_a": [], "empty_o": [:], "one": 1, "zero": 0,
        ]
        #expect(try AttributionValue(foundation: value.foundationObject) == value)
    }
}
