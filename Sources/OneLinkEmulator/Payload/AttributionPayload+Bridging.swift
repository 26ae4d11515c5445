import Foundation

extension AttributionValue {
    /// The value as the Foundation object the iOS SDK would hand to Swift code.
    ///
    /// Strings become `String`, integers, doubles and booleans become
    /// `NSNumber`, `null` becomes `NSNull`, objects become `[AnyHashable: Any]`
    /// and arrays `[Any]`. As on iOS, `NSNumber(1) as? Bool` is `true`, so
    /// `payload["is_first_launch"] as? Bool` reads `true` for a value of `1`.
    public var foundationObject: Any {
        switch self {
        case .string(let value): return value
        case .int(let value): return NSNumber(value: value)
        case .double(let value): return NSNumber(value: value)
        case .bool(let value): return SharedFoundationObjects.number(value)
        case .null: return SharedFoundationObjects.null
        case .array(let elements): return elements.map(\.foundationObject)
        case .object(let members):
            // Twice the room: a half-empty table makes fewer probes meet another key, and comparing
            // two `AnyHashable` keys (a dynamic cast each) costs more than the extra buckets. Made with
            // its room: `reserveCapacity` on an empty dictionary ran unspecialised, through the runtime's
            // generic metadata, and moved the empty table into the new one.
            var dictionary = [AnyHashable: Any](minimumCapacity: members.count * 2)
            for (key, value) in members { dictionary[key] = value.foundationObject }
            return dictionary
        }
    }

    /// Converts a Foundation or Swift value into a payload value.
    ///
    /// Accepts `String`/`NSString`, Swift integers, `Double`, `Float`, `Bool`,
    /// `NSNumber` (booleans are recognised by their class), `NSNull`,
    /// `Optional.none`, arrays and dictionaries with string keys.
    ///
    /// - Parameters:
    ///   - object: The value to convert, such as one element of a callback dictionary.
    ///   - path: The location reported in errors, `$` for the top level.
    /// - Throws: ``PayloadError/unsupportedValue(path:type:)``,
    ///   ``PayloadError/nonStringKey(path:key:)`` or
    ///   ``PayloadError/nonFiniteNumber(path:)``.
    public init(foundation object: Any, path: String = "$") throws(PayloadError) {
        self = try FoundationBridge.value(from: object, path: path, depth: 0)
    }
}

extension AttributionPayload {
    /// The payload as the `[AnyHashable: Any]` dictionary the real SDK delivers.
    ///
    /// See ``AttributionValue/foundationObject`` for how each value is bridged.
    public var foundationDictionary: [AnyHashable: Any] {
        let values = self.values
        // Twice the room, made with the dictionary, as in `AttributionValue.foundationObject`.
        var dictionary = [AnyHashable: Any](minimumCapacity: values.count * 2)
        for (key, value) in values { dictionary[key] = value.foundationObject }
        return dictionary
    }

    /// The payload as a `[String: Any]` dictionary, as `DeepLink.clickEvent` and completion handlers carry it.
    public var foundationStringKeyed: [String: Any] {
        let values = self.values
        var dictionary = [String: Any](minimumCapacity: values.count)
        for (key, value) in values { dictionary[key] = value.foundationObject }
        return dictionary
    }

    /// Creates a payload from an app team's own `[AnyHashable: Any]` dictionary.
    ///
    /// - Throws: ``PayloadError/nonStringKey(path:key:)`` for a key that is not a
    ///   string, or an error of ``AttributionValue/init(foundation:path:)`` naming
    ///   the key path of a value with no JSON equivalent.
    public init(foundation dictionary: [AnyHashable: Any]) throws(PayloadError) {
        guard case .object(let members) = try FoundationBridge.value(from: dictionary, path: "$", depth: 0)
        else { throw PayloadError.notAnObject(found: "dictionary") }
        self.init(members)
    }
}

/// The immutable Foundation objects bridged payloads share: `NSNull` and the boolean `NSNumber`s are
/// singletons on iOS, and made once here rather than one per value (on Linux, each was an allocation).
private enum SharedFoundationObjects {
    #if canImport(Darwin)
        // Foundation hands out its own singletons for these.
        static var null: NSNull { NSNull() }
        static func number(_ value: Bool) -> NSNumber { NSNumber(value: value) }
    #else
        static let null = NSNull()
        private static let yes = NSNumber(value: true)
        private static let no = NSNumber(value: false)
        static func number(_ value: Bool) -> NSNumber { value ? yes : no }
    #endif
}

enum FoundationBridge {
    static let maximumDepth = 256
    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    /// Converts one bridged value; `depth` is the number of containers around it.
    static func value(from object: Any, path: String, depth: Int) throws(PayloadError) -> AttributionValue {
        try value(from: object, path: { path }, depth: depth)
    }

    /// Converts one bridged value; `path` builds its location only when an error needs it.
    private static func value(
        from object: Any, path: () -> String, depth: Int
    ) throws(PayloadError) -> AttributionValue {
        // Exact Swift types are recognised by their metatype before any cast: a failed dynamic cast
        // of `Any` costs far more than a comparison, and on Linux `Int as? Bool` can succeed through
        // NSNumber bridging and would turn 1 into true.
        let type = type(of: object)
        if type == String.self, let value = object as? String { return .string(value) }
        if type == [AnyHashable: Any].self, let value = object as? [AnyHashable: Any] {
            return try members(of: value, path: path, depth: depth)
        }
        if type == [String: Any].self, let value = object as? [String: Any] {
            return try members(of: value, path: path, depth: depth)
        }
        if type == Int.self, let value = object as? Int { return .int(value) }
        if type == Bool.self, let value = object as? Bool { return .bool(value) }
        if type == Double.self, let value = object as? Double {
            guard value.isFinite else { throw PayloadError.nonFiniteNumber(path: path()) }
            return .double(value)
        }
        if type == [Any].self, let value = object as? [Any] {
            return try elements(of: value, path: path, depth: depth)
        }
        if let number = object as? NSNumber, type is NSNumber.Type {
            return try bridgeNumber(number, path: path())
        }
        switch object {
        case is NSNull:
            return .null
        case let value as any BinaryInteger:
            guard let int = Int(exactly: value) else {
                throw PayloadError.unsupportedValue(path: path(), type: "\(type) out of Int range")
            }
            return .int(int)
        case let value as Float:
            guard value.isFinite else { throw PayloadError.nonFiniteNumber(path: path()) }
            return .double(Double(value))
        case let value as NSString:
            return .string(value as String)
        case let value as [Any]:
            return try elements(of: value, path: path, depth: depth)
        case let value as [AnyHashable: Any]:
            return try members(of: value, path: path, depth: depth)
        case let value as [String: Any]:
            return try members(of: value, path: path, depth: depth)
        case let value as AttributionValue:
            return value
        default:
            let mirror = Mirror(reflecting: object)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { return .null }
                return try Self.value(from: wrapped, path: path, depth: depth)
            }
            throw PayloadError.unsupportedValue(path: path(), type: "\(type)")
        }
    }

    private static func elements(
        of array: [Any], path: () -> String, depth: Int
    ) throws(PayloadError) -> AttributionValue {
        try checkDepth(depth, path: path)
        var elements: [AttributionValue] = []
        elements.reserveCapacity(array.count)
        for (offset, element) in array.enumerated() {
            elements.append(try value(from: element, path: { "\(path())[\(offset)]" }, depth: depth + 1))
        }
        return .array(elements)
    }

    private static func members(
        of dictionary: [AnyHashable: Any], path: () -> String, depth: Int
    ) throws(PayloadError) -> AttributionValue {
        try checkDepth(depth, path: path)
        var members = [String: AttributionValue](minimumCapacity: dictionary.count)
        for (key, element) in dictionary {
            guard let stringKey = key.base as? String else {
                throw PayloadError.nonStringKey(
                    path: path(), key: "\(key.base) (\(Swift.type(of: key.base)))")
            }
            members[stringKey] = try value(
                from: element, path: { path() + JSONParser.pathComponent(forKey: stringKey) },
                depth: depth + 1)
        }
        return .object(members)
    }

    private static func members(
        of dictionary: [String: Any], path: () -> String, depth: Int
    ) throws(PayloadError) -> AttributionValue {
        try checkDepth(depth, path: path)
        var members = [String: AttributionValue](minimumCapacity: dictionary.count)
        for (key, element) in dictionary {
            members[key] = try value(
                from: element, path: { path() + JSONParser.pathComponent(forKey: key) }, depth: depth + 1)
        }
        return .object(members)
    }

    /// Rejects a container at `depth` when it would be nested deeper than the JSON
    /// parser accepts, so every bridged payload can be written and read back.
    private static func checkDepth(_ depth: Int, path: () -> String) throws(PayloadError) {
        if depth >= maximumDepth { throw PayloadError.nestingTooDeep(path: path(), limit: maximumDepth) }
    }

    private static func bridgeNumber(
        _ number: NSNumber, path: String
    ) throws(PayloadError) -> AttributionValue {
        if type(of: number) == booleanClass {
            return .bool(number.boolValue)
        }
        let objCType = String(cString: number.objCType)
        switch objCType {
        case "f", "d":
            let double = number.doubleValue
            guard double.isFinite else { throw PayloadError.nonFiniteNumber(path: path) }
            return .double(double)
        case "Q":
            guard let int = Int(exactly: number.uint64Value) else {
                throw PayloadError.unsupportedValue(path: path, type: "NSNumber out of Int range")
            }
            return .int(int)
        default:
            return .int(number.intValue)
        }
    }
}
