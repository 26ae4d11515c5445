import Foundation

/// The key-value map an attribution or deep-link callback receives.
///
/// This is the typed form of the `[AnyHashable: Any]` dictionary that
/// `onConversionDataSuccess`, `onAppOpenAttribution` and `DeepLink.clickEvent`
/// carry. Use ``foundationDictionary`` to get exactly what handler code sees
/// on iOS, and ``init(foundation:)`` to bring an app team's own dictionary in.
public struct AttributionPayload: Sendable, Hashable {
    /// The payload's keys and values.
    public var values: [String: AttributionValue]

    /// Creates a payload from a dictionary of values.
    public init(_ values: [String: AttributionValue] = [:]) {
        self.values = values
    }

    /// Reads or writes one key; assigning `nil` removes the key.
    public subscript(key: String) -> AttributionValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The keys in ascending order.
    public var sortedKeys: [String] { values.keys.sorted() }

    /// The number of keys.
    public var count: Int { values.count }

    /// Whether the payload has no keys.
    public var isEmpty: Bool { values.isEmpty }

    /// Returns this payload with `other`'s keys added; on a clash `other` wins.
    public func merging(_ other: AttributionPayload) -> AttributionPayload {
        AttributionPayload(values.merging(other.values, uniquingKeysWith: { _, new in new }))
    }

    /// Returns this payload without the given keys.
    public func removing(_ keys: some Sequence<String>) -> AttributionPayload {
        var copy = self
        for key in keys { copy.values[key] = nil }
        return copy
    }

    /// Returns a payload holding only the given keys that are present here.
    public func keeping(_ keys: some Sequence<String>) -> AttributionPayload {
        var result = AttributionPayload()
        for key in keys where values[key] != nil { result.values[key] = values[key] }
        return result
    }
}

extension AttributionPayload {
    /// Parses a JSON object into a payload.
    ///
    /// - Throws: ``PayloadError/notAnObject(found:)`` when the top level is not an
    ///   object, or any error of ``AttributionValue/init(json:)``.
    public init(json: some Collection<UInt8>) throws(PayloadError) {
        let value = try AttributionValue(json: json)
        guard case .object(let members) = value else {
            throw PayloadError.notAnObject(found: value.typeName)
        }
        self.init(members)
    }

    /// Parses a JSON object held in a string into a payload.
    ///
    /// - Throws: The same errors as ``init(json:)``.
    public init(jsonString: String) throws(PayloadError) {
        try self.init(json: Array(jsonString.utf8))
    }

    /// The payload as JSON text with sorted keys.
    public func jsonText(pretty: Bool = false) -> String {
        AttributionValue.object(values).jsonText(pretty: pretty)
    }

    /// The payload as UTF-8 JSON data with sorted keys.
    public func jsonData(pretty: Bool = false) -> Data {
        Data(jsonText(pretty: pretty).utf8)
    }
}

extension AttributionPayload: ExpressibleByDictionaryLiteral {
    /// Creates a payload from a literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, AttributionValue)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension AttributionPayload: Sequence {
    /// Iterates the key-value pairs in ascending key order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: AttributionValue)]> {
        values.sorted(by: { $0.key < $1.key }).makeIterator()
    }
}

extension AttributionPayload: CustomStringConvertible {
    /// The payload as compact JSON with sorted keys.
    public var description: String { jsonText() }
}
