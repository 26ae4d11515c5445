/// Why an `AppsFlyerLibConfig.plist` could not be used.
public enum AppsFlyerLibConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is larger than ``AppsFlyerLibConfig/maximumSize``.
    case tooLarge(bytes: Int, limit: Int)
    /// The data is not a property list.
    case notAPropertyList(String)
    /// The property list's top level is not a dictionary; the associated value names what it is.
    case notADictionary(String)
    /// A known key holds a value of another type.
    case wrongType(key: String, expected: String, found: String)
    /// A known key holds a value outside its range, such as a negative number of seconds.
    case outOfRange(key: String, value: String)

    /// What went wrong, naming the key where there is one.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path) cannot be read: \(reason)"
        case .tooLarge(let bytes, let limit):
            return "the configuration is \(bytes) bytes, more than the \(limit)-byte limit"
        case .notAPropertyList(let reason): return "the configuration is not a property list: \(reason)"
        case .notADictionary(let found):
            return "the configuration's top level is a \(found), not a dictionary"
        case .wrongType(let key, let expected, let found):
            return "\(key) must be a \(expected), not a \(found)"
        case .outOfRange(let key, let value): return "\(key) cannot be \(value)"
        }
    }
}
