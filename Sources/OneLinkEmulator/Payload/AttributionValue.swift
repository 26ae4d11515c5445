/// One JSON-like value in an attribution or deep-link payload.
///
/// The cases mirror what the AppsFlyer SDK hands to its callbacks once the
/// Objective-C dictionary is decoded: strings, whole numbers, floating-point
/// numbers, booleans, explicit nulls, nested objects and arrays.
///
/// Integers and floating-point numbers are distinct cases so that `6` and
/// `6.0` survive a JSON round trip unchanged, and booleans never become
/// numbers. ``AttributionPayload/foundationDictionary`` bridges values to the
/// `NSNumber`/`NSNull` world that handler code reads on iOS.
public enum AttributionValue: Sendable, Hashable {
    /// A string value, such as `"Non-organic"`.
    case string(String)
    /// A whole number, such as `16` for `fruit_amount`.
    case int(Int)
    /// A floating-point number, such as `6.0`.
    case double(Double)
    /// A boolean, such as `true` for `is_retargeting`.
    case bool(Bool)
    /// An explicit JSON `null`, as in `"af_sub3": null`.
    case null
    /// A nested object.
    case object([String: AttributionValue])
    /// An array of values.
    case array([AttributionValue])
}

extension AttributionValue {
    /// The string, when this value is a ``string(_:)``.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this value is an ``int(_:)``.
    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, when this value is an ``int(_:)`` or a ``double(_:)``.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The boolean, when this value is a ``bool(_:)``.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The members, when this value is an ``object(_:)``.
    public var objectValue: [String: AttributionValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements, when this value is an ``array(_:)``.
    public var arrayValue: [AttributionValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// Whether this value is an explicit ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short name for the value's type, used in error messages and diffs.
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .int: return "integer"
        case .double: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        case .object: return "object"
        case .array: return "array"
        }
    }

    /// The value as text the way a `Map<String, String>` platform would show it.
    ///
    /// Strings are returned as they are, numbers and booleans in their JSON
    /// spelling, `null` as `"null"`, and objects and arrays as compact JSON.
    public var textValue: String {
        switch self {
        case .string(let value): return value
        default: return jsonText()
        }
    }

    /// Reads a member of an object value; `nil` for other values or a missing key.
    public subscript(key: String) -> AttributionValue? {
        objectValue?[key]
    }
}

extension AttributionValue: ExpressibleByStringLiteral {
    /// Creates a ``string(_:)`` value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension AttributionValue: ExpressibleByIntegerLiteral {
    /// Creates an ``int(_:)`` value from a literal.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension AttributionValue: ExpressibleByFloatLiteral {
    /// Creates a ``double(_:)`` value from a literal.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension AttributionValue: ExpressibleByBooleanLiteral {
    /// Creates a ``bool(_:)`` value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension AttributionValue: ExpressibleByNilLiteral {
    /// Creates the ``null`` value from `nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension AttributionValue: ExpressibleByArrayLiteral {
    /// Creates an ``array(_:)`` value from a literal.
    public init(arrayLiteral elements: AttributionValue...) { self = .array(elements) }
}

extension AttributionValue: ExpressibleByDictionaryLiteral {
    /// Creates an ``object(_:)`` value from a literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, AttributionValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension AttributionValue: CustomStringConvertible {
    /// The value as compact JSON text.
    public var description: String { jsonText() }
}
