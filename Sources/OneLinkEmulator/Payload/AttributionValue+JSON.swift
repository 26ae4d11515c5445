public import Foundation

extension AttributionValue {
    /// Parses JSON text into a value, keeping integers, doubles and booleans apart.
    ///
    /// - Parameter json: UTF-8 JSON text; a leading byte-order mark is skipped.
    /// - Throws: ``PayloadError/invalidJSON(reason:offset:line:column:)`` with the
    ///   position of the first problem, ``PayloadError/duplicateKey(path:key:)`` or
    ///   ``PayloadError/nestingTooDeep(path:limit:)``.
    public init(json: some Collection<UInt8>) throws(PayloadError) {
        self = try JSONParser.parse(json)
    }

    /// Parses a JSON string into a value.
    ///
    /// - Throws: The same errors as ``init(json:)``.
    public init(jsonString: String) throws(PayloadError) {
        self = try JSONParser.parse(Array(jsonString.utf8))
    }

    /// The value as JSON text with sorted object keys.
    ///
    /// - Parameter pretty: Whether to indent with two spaces and break lines.
    public func jsonText(pretty: Bool = false) -> String {
        JSONWriter.write(self, pretty: pretty)
    }

    /// The value as UTF-8 JSON data with sorted object keys.
    public func jsonData(pretty: Bool = false) -> Data {
        Data(jsonText(pretty: pretty).utf8)
    }
}
