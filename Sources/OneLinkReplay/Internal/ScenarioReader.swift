import OneLinkEmulator
import OneLinkSupport

/// Reads typed fields out of a parsed JSON document, throwing ``ScenarioError`` with the exact path.
struct ScenarioReader {
    let file: String

    /// A JSON path such as `$.steps[3].url`, kept as its parts and spelled out only for an error.
    ///
    /// The innermost part is kept inline: a path costs an allocation only when a path below it is
    /// made (its ``node``), and a loop over an array's elements shares one node for all of them.
    struct Path: Sendable {
        /// One part of a path: the root `$`, an object's member or an array's element.
        enum Part: Sendable {
            case root
            case member(String)
            case element(Int)
            /// The member of an element, such as `[3].expect`: kept inline, so a step's or an array
            /// element's members cost no node of their own.
            case elementMember(Int, String)
        }

        /// A path that paths below it point to.
        final class Node: Sendable {
            let path: Path

            init(_ path: Path) { self.path = path }

            /// The path of the member `key` of this node's path.
            func member(_ key: String) -> Path { Path(parent: self, last: .member(key)) }

            /// The path of the element `index` of this node's path.
            func element(_ index: Int) -> Path { Path(parent: self, last: .element(index)) }
        }

        /// The path above ``last``; `nil` at the root.
        let parent: Node?
        /// The innermost part.
        let last: Part

        static let root = Path(parent: nil, last: .root)
        private static let rootNode = Node(.root)

        var text: String {
            let above = parent?.path.text ?? ""
            switch last {
            case .root: return "$"
            case .member(let key): return above + ScenarioReader.pathComponent(key)
            case .element(let index): return above + "[\(index)]"
            case .elementMember(let index, let key):
                return above + "[\(index)]" + ScenarioReader.pathComponent(key)
            }
        }

        /// This path as the parent of others: the root's is shared, any other is made here.
        var node: Node {
            if parent == nil, case .root = last { return Self.rootNode }
            return Node(self)
        }

        func member(_ key: String) -> Path {
            if let parent, case .element(let index) = last {
                return Path(parent: parent, last: .elementMember(index, key))
            }
            return node.member(key)
        }

        func element(_ index: Int) -> Path { node.element(index) }
    }

    func fail(_ path: String, _ reason: ScenarioError.Reason) -> ScenarioError {
        ScenarioError(file: file, path: path, reason: reason)
    }

    static func typeName(_ value: AttributionValue) -> String {
        switch value {
        case .string: return "string"
        case .int, .double: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        case .object: return "object"
        case .array: return "array"
        }
    }

    static func pathComponent(_ key: String) -> String {
        let isIdentifier =
            !key.isEmpty
            && key.utf8.allSatisfy {
                ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
                    || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
                    || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: "$")
            }
        return isIdentifier
            ? "." + QuotedInput.prefix(key)
            : "[" + AttributionValue.string(QuotedInput.prefix(key)).jsonText() + "]"
    }

    func wrongType(_ value: AttributionValue, expected: String, at path: String) -> ScenarioError {
        fail(path, .wrongType(expected: expected, found: Self.typeName(value)))
    }

    /// An object's members, after checking that every key is allowed.
    ///
    /// The value is consumed: the members of an object no one else holds are then not shared, and
    /// a member taken out of them (``Fields/take(_:)``) can change in place instead of being copied.
    func object(
        _ value: consuming AttributionValue, at location: Path, allowed: [String]?
    ) throws(ScenarioError) -> Fields {
        let fields = Fields(
            reader: self, members: try members(consume value, at: location), location: location)
        if let allowed { try fields.check(allowed: allowed) }
        return fields
    }

    /// The members of an object, consumed as in ``object(_:at:allowed:)``.
    func members(
        _ value: consuming AttributionValue, at location: Path
    ) throws(ScenarioError) -> [String: AttributionValue] {
        guard case .object(let members) = value else {
            throw wrongType(value, expected: "an object", at: location.text)
        }
        return members
    }

    /// The member `key` of `members`.
    ///
    /// Objects of a scenario have few members, and comparing their keys with `==` (as a lookup does
    /// after hashing) costs less than hashing `key`. Lengths are compared first: `==` settles
    /// unequal strings out of line.
    static func member(_ key: String, of members: [String: AttributionValue]) -> AttributionValue? {
        guard let index = index(of: key, in: members) else { return nil }
        return members.values[index]
    }

    /// The index of the member `key` of `members`, found as ``member(_:of:)`` finds it.
    static func index(
        of key: String, in members: [String: AttributionValue]
    ) -> [String: AttributionValue].Index? {
        guard members.count <= linearLookupLimit else { return members.index(forKey: key) }
        let length = key.utf8.count
        // The keys' iterator walks the table without validating an index at each step; only a hit
        // walks again, to its index.
        var offset = 0
        for name in members.keys {
            if name.utf8.count == length && name == key {
                return members.index(members.startIndex, offsetBy: offset)
            }
            offset += 1
        }
        return nil
    }

    private static let linearLookupLimit = 8

    /// Whether `names` has `key`, comparing lengths first, which settles most mismatches at once.
    static func contains(_ names: [String], _ key: String) -> Bool {
        let length = key.utf8.count
        return names.contains { $0.utf8.count == length && $0 == key }
    }

    /// An array's elements; the value is consumed, as in ``object(_:at:allowed:)``.
    func array(
        _ value: consuming AttributionValue, at path: @autoclosure () -> String
    ) throws(ScenarioError) -> [AttributionValue] {
        guard case .array(let elements) = value else {
            throw wrongType(value, expected: "an array", at: path())
        }
        return elements
    }

    func string(_ value: AttributionValue, at path: @autoclosure () -> String) throws(ScenarioError) -> String
    {
        guard case .string(let text) = value else { throw wrongType(value, expected: "a string", at: path()) }
        return text
    }

    func strings(
        _ value: AttributionValue, at path: @autoclosure () -> String
    ) throws(ScenarioError) -> [String] {
        var result: [String] = []
        for (index, element) in try array(value, at: path()).enumerated() {
            result.append(try string(element, at: "\(path())[\(index)]"))
        }
        return result
    }

    func payload(
        _ value: AttributionValue, at path: @autoclosure () -> String
    ) throws(ScenarioError) -> AttributionPayload {
        guard case .object(let members) = value else {
            throw wrongType(value, expected: "an object", at: path())
        }
        return AttributionPayload(members)
    }

    func duration(
        _ value: AttributionValue, at path: @autoclosure () -> String
    ) throws(ScenarioError) -> Int64 {
        let text = try string(value, at: path())
        guard let milliseconds = DurationText.milliseconds(text) else {
            throw fail(path(), .invalidDuration(text))
        }
        return milliseconds
    }

    func unsigned(_ value: AttributionValue, at path: @autoclosure () -> String) throws(ScenarioError) -> UInt
    {
        guard case .int(let number) = value else {
            throw wrongType(value, expected: "an integer", at: path())
        }
        guard number >= 0 else {
            throw fail(path(), .invalidValue("expected a non-negative integer, found \(number)"))
        }
        return UInt(number)
    }

    func bool(_ value: AttributionValue, at path: @autoclosure () -> String) throws(ScenarioError) -> Bool {
        guard case .bool(let flag) = value else { throw wrongType(value, expected: "a boolean", at: path()) }
        return flag
    }

    func oneOf(
        _ value: AttributionValue, _ choices: [String], at path: @autoclosure () -> String
    ) throws(ScenarioError) -> String {
        let text = try string(value, at: path())
        guard choices.contains(text) else {
            throw fail(
                path(),
                .invalidValue(
                    "expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(text)\""
                ))
        }
        return text
    }

    /// The members of one JSON object, with the object's path.
    struct Fields {
        let reader: ScenarioReader
        var members: [String: AttributionValue]
        let location: Path

        /// Checks that every key is one of `allowed`, throwing for the first other in sorted order.
        func check(allowed: [String]) throws(ScenarioError) {
            guard !members.keys.allSatisfy({ ScenarioReader.contains(allowed, $0) }) else { return }
            for key in members.keys.sorted() where !allowed.contains(key) {
                throw reader.fail(location.member(key).text, .unknownField(allowed: allowed))
            }
        }

        /// The member `key`, moved out of the object, which keeps `null` in its place: taken from an
        /// object no one else holds, it is then not shared either.
        mutating func take(_ key: String) -> AttributionValue? {
            guard let index = ScenarioReader.index(of: key, in: members) else { return nil }
            var value = AttributionValue.null
            swap(&value, &members.values[index])
            return value
        }

        /// The object's path as text, for an error.
        var path: String { location.text }

        /// The member `key`; objects of a scenario have few members, and comparing their keys with
        /// `==` (as a lookup does after hashing) costs less than hashing `key`.
        subscript(key: String) -> AttributionValue? { ScenarioReader.member(key, of: members) }

        /// The path of the member `key` as text, for an error.
        func at(_ key: String) -> String { location.member(key).text }

        /// The path of the member `key`.
        func child(_ key: String) -> Path { location.member(key) }

        func required(_ key: String) throws(ScenarioError) -> AttributionValue {
            guard let value = self[key] else { throw reader.fail(path, .missingField(key)) }
            return value
        }

        func string(_ key: String) throws(ScenarioError) -> String {
            try reader.string(try required(key), at: at(key))
        }

        func optionalString(_ key: String) throws(ScenarioError) -> String? {
            guard let value = self[key] else { return nil }
            return try reader.string(value, at: at(key))
        }

        func optionalBool(_ key: String) throws(ScenarioError) -> Bool? {
            guard let value = self[key] else { return nil }
            return try reader.bool(value, at: at(key))
        }

        func optionalUnsigned(_ key: String) throws(ScenarioError) -> UInt? {
            guard let value = self[key] else { return nil }
            return try reader.unsigned(value, at: at(key))
        }

        func optionalStrings(_ key: String) throws(ScenarioError) -> [String]? {
            guard let value = self[key] else { return nil }
            return try reader.strings(value, at: at(key))
        }

        func optionalPayload(_ key: String) throws(ScenarioError) -> AttributionPayload? {
            guard let value = self[key] else { return nil }
            return try reader.payload(value, at: at(key))
        }

        func optionalDuration(_ key: String) throws(ScenarioError) -> Int64? {
            guard let value = self[key] else { return nil }
            return try reader.duration(value, at: at(key))
        }

        func object(_ key: String, allowed: [String]?) throws(ScenarioError) -> Fields? {
            guard let value = self[key] else { return nil }
            return try reader.object(value, at: child(key), allowed: allowed)
        }
    }
}
