/// An error raised while reading, writing or bridging a payload.
///
/// Every case names where the problem is, so a message can point a person at
/// the exact byte or key path.
public enum PayloadError: Error, Sendable, Hashable {
    /// The text is not valid JSON.
    ///
    /// `offset` is the zero-based byte offset; `line` and `column` are one-based.
    case invalidJSON(reason: String, offset: Int, line: Int, column: Int)
    /// The JSON is valid but its top level is not an object.
    case notAnObject(found: String)
    /// An object holds the same key twice, which a payload cannot represent.
    case duplicateKey(path: String, key: String)
    /// Nesting goes deeper than the parser allows.
    case nestingTooDeep(path: String, limit: Int)
    /// A bridged dictionary holds a value with no JSON equivalent.
    case unsupportedValue(path: String, type: String)
    /// A bridged dictionary holds a key that is not a string.
    case nonStringKey(path: String, key: String)
    /// A bridged number is NaN or infinite, which JSON cannot hold.
    case nonFiniteNumber(path: String)
}

extension PayloadError: CustomStringConvertible {
    /// A one-line description that names the location of the problem.
    public var description: String {
        switch self {
        case .invalidJSON(let reason, let offset, let line, let column):
            return "invalid JSON at line \(line), column \(column) (byte \(offset)): \(reason)"
        case .notAnObject(let found):
            return "expected a JSON object at the top level, found \(found)"
        case .duplicateKey(let path, let key):
            return "duplicate key \"\(key)\" in the object at \(path)"
        case .nestingTooDeep(let path, let limit):
            return "nesting deeper than \(limit) levels at \(path)"
        case .unsupportedValue(let path, let type):
            return "value of type \(type) at \(path) has no JSON equivalent"
        case .nonStringKey(let path, let key):
            return "non-string key \(key) in the dictionary at \(path)"
        case .nonFiniteNumber(let path):
            return "non-finite number at \(path) cannot be represented in JSON"
        }
    }
}
