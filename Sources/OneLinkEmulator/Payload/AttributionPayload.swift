public import Foundation

/// The key-value map an attribution or deep-link callback receives.
///
/// This is the typed form of the `[AnyHashable: Any]` dictionary that
/// `onConversionDataSuccess`, `onAppOpenAttribution` and `DeepLink.clickEvent`
/// carry. Use ``foundationDictionary`` to get exactly what handler code sees
/// on iOS, and ``init(foundation:)`` to bring an app team's own dictionary in.
///
/// A payload that ``LinkParser`` made from a link's query keeps the link's text and decodes a
/// value only when it is read: ``count``, ``isEmpty`` and ``subscript(_:)`` decode at most one
/// value, and reading ``values`` or changing the payload decodes them all, once per read or
/// on the first change. Either way the payload is equal to, and hashes like, its decoded form.
public struct AttributionPayload: Sendable, Hashable {
    /// Where the keys and values are kept.
    // `LinkQuery` is a `ManagedBuffer`, which cannot be `Sendable`; `LinkParser` writes one only
    // before handing it out, and every later access only reads it.
    enum Storage: @unchecked Sendable {
        /// Decoded keys and values.
        case values([String: AttributionValue])
        /// A link's query parameters, decoded when read.
        case query(LinkQuery)
        /// A link's query parameters plus the link's own components (``ParsedLink/payload``).
        case linkPayload(LinkQuery)
    }

    var storage: Storage

    /// The payload's keys and values.
    public var values: [String: AttributionValue] {
        get {
            switch storage {
            case .values(let values): return values
            case .query(let query): return query.dictionary(withComponents: false)
            case .linkPayload(let query): return query.dictionary(withComponents: true)
            }
        }
        set { storage = .values(newValue) }
        _modify {
            var values = self.values
            // Drops the stored reference first, so the dictionary is unique and changes in place.
            storage = .values([:])
            defer { storage = .values(values) }
            yield &values
        }
    }

    /// Creates a payload from a dictionary of values.
    public init(_ values: [String: AttributionValue] = [:]) {
        storage = .values(values)
    }

    /// Creates a payload that decodes a link's query when read, with the link's components when `withComponents`.
    init(query: LinkQuery, withComponents: Bool = false) {
        storage = withComponents ? .linkPayload(query) : .query(query)
    }

    /// Reads or writes one key; assigning `nil` removes the key.
    public subscript(key: String) -> AttributionValue? {
        get {
            switch storage {
            case .values(let values): return values[key]
            case .query(let query): return query.value(forKey: key, withComponents: false)
            case .linkPayload(let query): return query.value(forKey: key, withComponents: true)
            }
        }
        set { values[key] = newValue }
    }

    /// The keys in ascending order.
    public var sortedKeys: [String] { values.keys.sorted() }

    /// The number of keys.
    public var count: Int {
        switch storage {
        case .values(let values): return values.count
        case .query(let query): return query.count(withComponents: false)
        case .linkPayload(let query): return query.count(withComponents: true)
        }
    }

    /// Whether the payload has no keys.
    public var isEmpty: Bool { count == 0 }

    /// Returns this payload with `other`'s keys added; on a clash `other` wins.
    public func merging(_ other: AttributionPayload) -> AttributionPayload {
        AttributionPayload(values.merging(other.values, uniquingKeysWith: { _, new in new }))
    }

    /// Returns this payload without the given keys.
    public func removing(_ keys: some Sequence<String>) -> AttributionPayload {
        var values = self.values
        for key in keys { values[key] = nil }
        return AttributionPayload(values)
    }

    /// Returns a payload holding only the given keys that are present here.
    public func keeping(_ keys: some Sequence<String>) -> AttributionPayload {
        var result: [String: AttributionValue] = [:]
        for key in keys {
            if let value = self[key] { result[key] = value }
        }
        return AttributionPayload(result)
    }

    /// Whether two payloads hold the same keys and values, however each is kept.
    public static func == (lhs: AttributionPayload, rhs: AttributionPayload) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.values(let left), .values(let right)): return left == right
        case (.query(let left), .query(let right)) where left === right: return true
        case (.linkPayload(let left), .linkPayload(let right)) where left === right: return true
        default: return lhs.count == rhs.count && lhs.values == rhs.values
        }
    }

    /// Hashes the keys and values, so a payload kept as a link's query hashes like its decoded form.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(values)
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
