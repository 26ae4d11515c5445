public import OneLinkEmulator

/// Why a launch-options dictionary cannot become ``LaunchOptions``.
public enum LaunchError: Error, Sendable, Hashable {
    /// A key is not one of ``LaunchOptionsKey/known`` (by UIKit value or short name).
    case unknownKey(String)
    /// A key is not a string or a ``LaunchOptionsKey``.
    case nonStringKey(String)
    /// The same key appears twice, under its UIKit value and its short name.
    case duplicateKey(String)
    /// A value has the wrong type for its key.
    case wrongValueType(key: String, expected: String, found: String)
    /// A URL value is not a valid absolute URL.
    case invalidURL(key: String, text: String)
    /// A payload value (a notification, activity info) cannot be bridged to JSON values.
    case invalidPayload(key: String, PayloadError)
}

extension LaunchError: CustomStringConvertible {
    /// A one-line explanation naming the key.
    public var description: String {
        switch self {
        case .unknownKey(let key):
            return "unknown launch-options key \"\(key)\""
        case .nonStringKey(let key):
            return "launch-options key \(key) is not a string"
        case .duplicateKey(let key):
            return "launch-options key \(key) appears twice"
        case .wrongValueType(let key, let expected, let found):
            return "launch option \(key) should be \(expected), found \(found)"
        case .invalidURL(let key, let text):
            return "launch option \(key) is not a valid absolute URL: \"\(text)\""
        case .invalidPayload(let key, let error):
            return "launch option \(key) has an invalid payload: \(error)"
        }
    }
}
