public import Foundation

/// The values of an `AppsFlyerLibConfig.plist`, SDK 7's optional file-based configuration.
///
/// The real SDK reads the file from the main bundle when it is created,
/// before `initialize(devKey:appId:)`; values set in code afterwards override
/// it. Read one with ``init(contentsOf:)``, ``init(bundle:)`` or
/// ``init(data:)``, then hand it to ``AppsFlyerLib/apply(_:)`` right after
/// creating the SDK. A key the file leaves out keeps the SDK's default;
/// unknown keys are ignored, as the dev hub says.
///
/// `min_time_between_sessions`: the dev hub's table gives 30 as its default,
/// while the SDK 7 header says `minTimeBetweenSessions` defaults to 5 seconds.
/// The emulator follows the header: without the key (or the file) the
/// default stays 5; the docs' 30 is the value their sample file sets.
public struct AppsFlyerLibConfig: Sendable, Hashable {
    /// The file name the SDK looks for in the main bundle.
    public static let fileName = "AppsFlyerLibConfig.plist"
    /// The largest file read: 64 KiB, far more than the eight keys need.
    public static let maximumSize = 64 * 1024

    /// `debug_mode`: ``AppsFlyerLib/isDebug``.
    public var debugMode: Bool?
    /// `currency_code`: ``AppsFlyerLib/currencyCode``.
    public var currencyCode: String?
    /// `disable_idfa_collection`: ``AppsFlyerLib/disableAdvertisingIdentifier``.
    public var disableIDFACollection: Bool?
    /// `disable_idfv_collection`: ``AppsFlyerLib/disableIDFVCollection``.
    public var disableIDFVCollection: Bool?
    /// `disable_skadnetwork`: ``AppsFlyerLib/disableSKAdNetwork``.
    public var disableSKAdNetwork: Bool?
    /// `min_time_between_sessions`, in seconds: ``AppsFlyerLib/minTimeBetweenSessions``.
    public var minTimeBetweenSessions: UInt?
    /// `host`: the host name of `setHost(_:hostName:)`; an empty string keeps the default host.
    public var host: String?
    /// `prefix`: the host prefix of `setHost(_:hostName:)`.
    public var prefix: String?
    /// Keys the file had that the SDK does not know; ignored.
    public var ignoredKeys: [String] = []

    /// Creates a configuration; every value is unset by default.
    public init(
        debugMode: Bool? = nil, currencyCode: String? = nil, disableIDFACollection: Bool? = nil,
        disableIDFVCollection: Bool? = nil, disableSKAdNetwork: Bool? = nil,
        minTimeBetweenSessions: UInt? = nil,
        host: String? = nil, prefix: String? = nil
    ) {
        self.debugMode = debugMode
        self.currencyCode = currencyCode
        self.disableIDFACollection = disableIDFACollection
        self.disableIDFVCollection = disableIDFVCollection
        self.disableSKAdNetwork = disableSKAdNetwork
        self.minTimeBetweenSessions = minTimeBetweenSessions
        self.host = host
        self.prefix = prefix
    }

    /// Reads a property list (XML or binary) whose top level is a dictionary.
    ///
    /// - Throws: ``AppsFlyerLibConfigError``: too large, not a property list,
    ///   not a dictionary, or a known key with a value of the wrong type or range.
    public init(data: Data) throws(AppsFlyerLibConfigError) {
        guard data.count <= Self.maximumSize else {
            throw .tooLarge(bytes: data.count, limit: Self.maximumSize)
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .notAPropertyList((error as NSError).localizedDescription)
        }
        guard let dictionary = root as? [String: Any] else { throw .notADictionary(Self.typeName(root)) }
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "debug_mode": debugMode = try Self.bool(value, key: key)
            case "currency_code": currencyCode = try Self.string(value, key: key)
            case "disable_idfa_collection": disableIDFACollection = try Self.bool(value, key: key)
            case "disable_idfv_collection": disableIDFVCollection = try Self.bool(value, key: key)
            case "disable_skadnetwork": disableSKAdNetwork = try Self.bool(value, key: key)
            case "min_time_between_sessions": minTimeBetweenSessions = try Self.seconds(value, key: key)
            case "host": host = try Self.string(value, key: key)
            case "prefix": prefix = try Self.string(value, key: key)
            default: ignoredKeys.append(key)
            }
        }
    }

    /// Reads the file at `url`.
    ///
    /// - Throws: ``AppsFlyerLibConfigError/unreadable(path:reason:)`` when the
    ///   file cannot be read, or whatever ``init(data:)`` throws.
    public init(contentsOf url: URL) throws(AppsFlyerLibConfigError) {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= Self.maximumSize else { throw .tooLarge(bytes: size, limit: Self.maximumSize) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        try self.init(data: data)
    }

    /// Reads `AppsFlyerLibConfig.plist` from `bundle`; `nil` when the bundle has none, as the SDK then uses its defaults.
    ///
    /// - Throws: What ``init(contentsOf:)`` throws for a file that is there but cannot be used.
    public init?(bundle: Bundle) throws(AppsFlyerLibConfigError) {
        guard let url = bundle.url(forResource: "AppsFlyerLibConfig", withExtension: "plist") else {
            return nil
        }
        try self.init(contentsOf: url)
    }

    private static func bool(_ value: Any, key: String) throws(AppsFlyerLibConfigError) -> Bool {
        // On Apple platforms an integer NSNumber also reads as a Bool, as the real SDK's boolValue would.
        if let flag = value as? Bool { return flag }
        throw .wrongType(key: key, expected: "Boolean", found: typeName(value))
    }

    private static func string(_ value: Any, key: String) throws(AppsFlyerLibConfigError) -> String {
        guard let text = value as? String else {
            throw .wrongType(key: key, expected: "String", found: typeName(value))
        }
        return text
    }

    private static func seconds(_ value: Any, key: String) throws(AppsFlyerLibConfigError) -> UInt {
        guard let number = value as? Int else {
            throw .wrongType(key: key, expected: "Integer", found: typeName(value))
        }
        guard number >= 0 else { throw .outOfRange(key: key, value: String(number)) }
        return UInt(number)
    }

    private static func typeName(_ value: Any) -> String {
        switch value {
        case is String: return "String"
        case is [Any]: return "Array"
        case is [String: Any]: return "Dictionary"
        case is Data: return "Data"
        case is Date: return "Date"
        default: return "\(type(of: value))"
        }
    }
}
