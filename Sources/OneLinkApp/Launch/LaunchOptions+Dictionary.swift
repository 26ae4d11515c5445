import Foundation
public import OneLinkEmulator

extension LaunchOptions {
    /// Reads launch options from a dictionary shaped like UIKit's `launchOptions`.
    ///
    /// Keys are ``LaunchOptionsKey`` values, their UIKit strings
    /// (`UIApplicationLaunchOptionsURLKey`) or their short names (`url`).
    /// Values are Foundation or Swift objects, as ``AttributionValue/init(foundation:path:)``
    /// accepts, so a JSON scenario bridged with `foundationObject` works too:
    ///
    /// | Key | Value |
    /// |---|---|
    /// | `url` | `URL` or an absolute-URL string |
    /// | `sourceApplication`, `userActivityType` | string |
    /// | `remoteNotification`, `localNotification`, `cloudKitShareMetadata` | dictionary |
    /// | `userActivityDictionary` | ``LaunchUserActivity`` or `{"activityType", "webpageURL", "userInfo"}` |
    /// | `shortcutItem` | ``LaunchShortcutItem``, a type string, or `{"type", "localizedTitle", "userInfo"}` |
    /// | `location` | boolean |
    /// | `bluetoothCentrals`, `bluetoothPeripherals`, `newsstandDownloads` | array of strings |
    /// | `annotation` | any property-list value |
    ///
    /// - Throws: ``LaunchError`` naming the first bad key or value.
    public init(dictionary: [AnyHashable: Any]) throws(LaunchError) {
        self.init()
        var seen: Set<LaunchOptionsKey> = []
        for (rawKey, value) in dictionary.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            let key: LaunchOptionsKey
            if let typed = rawKey.base as? LaunchOptionsKey {
                key = typed
            } else if let text = rawKey.base as? String {
                guard let known = LaunchOptionsKey(named: text) else { throw .unknownKey(text) }
                key = known
            } else {
                throw .nonStringKey("\(rawKey.base) (\(type(of: rawKey.base)))")
            }
            guard seen.insert(key).inserted else { throw .duplicateKey(key.name) }
            try set(key, to: value)
        }
    }

    /// Reads launch options from a JSON-like payload keyed like ``init(dictionary:)``.
    ///
    /// - Throws: ``LaunchError`` naming the first bad key or value.
    public init(payload: AttributionPayload) throws(LaunchError) {
        try self.init(dictionary: payload.foundationDictionary)
    }

    /// The options as a UIKit-shaped dictionary keyed by the UIKit strings.
    ///
    /// Payloads become `[AnyHashable: Any]`, URLs stay `URL`, and the activity
    /// and shortcut item become dictionaries in the shape ``init(dictionary:)`` reads.
    public var dictionary: [AnyHashable: Any] {
        var result: [AnyHashable: Any] = [:]
        func put(_ key: LaunchOptionsKey, _ value: Any?) {
            if let value { result[key.rawValue] = value }
        }
        put(.url, url)
        put(.sourceApplication, sourceApplication)
        put(.remoteNotification, remoteNotification?.foundationDictionary)
        put(.localNotification, localNotification?.foundationDictionary)
        put(.annotation, annotation?.foundationObject)
        put(.location, location ? true : nil)
        put(.newsstandDownloads, newsstandDownloads)
        put(.bluetoothCentrals, bluetoothCentrals)
        put(.bluetoothPeripherals, bluetoothPeripherals)
        if let shortcutItem {
            put(
                .shortcutItem,
                [
                    "type": shortcutItem.type, "localizedTitle": shortcutItem.localizedTitle,
                    "userInfo": shortcutItem.userInfo.foundationDictionary,
                ] as [String: Any])
        }
        if let userActivity {
            var activity: [String: Any] = [
                "activityType": userActivity.activityType,
                "userInfo": userActivity.userInfo.foundationDictionary,
            ]
            if let webpageURL = userActivity.webpageURL { activity["webpageURL"] = webpageURL }
            put(.userActivityDictionary, activity)
        }
        put(.userActivityType, userActivityType)
        put(.cloudKitShareMetadata, cloudKitShareMetadata?.foundationDictionary)
        return result
    }

    private mutating func set(_ key: LaunchOptionsKey, to value: Any) throws(LaunchError) {
        let name = key.name
        switch key {
        case .url:
            url = try Self.url(value, key: name)
        case .sourceApplication:
            sourceApplication = try Self.string(value, key: name)
        case .remoteNotification:
            remoteNotification = try Self.payload(value, key: name)
        case .localNotification:
            localNotification = try Self.payload(value, key: name)
        case .cloudKitShareMetadata:
            cloudKitShareMetadata = try Self.payload(value, key: name)
        case .userActivityType:
            userActivityType = try Self.string(value, key: name)
        case .userActivityDictionary:
            userActivity = try Self.userActivity(value, key: name)
            if userActivityType == nil { userActivityType = userActivity?.activityType }
        case .shortcutItem:
            shortcutItem = try Self.shortcutItem(value, key: name)
        case .location:
            guard case .bool(let flag) = try Self.value(value, key: name) else {
                throw .wrongValueType(key: name, expected: "boolean", found: Self.typeName(value))
            }
            location = flag
        case .bluetoothCentrals:
            bluetoothCentrals = try Self.strings(value, key: name)
        case .bluetoothPeripherals:
            bluetoothPeripherals = try Self.strings(value, key: name)
        case .newsstandDownloads:
            newsstandDownloads = try Self.strings(value, key: name)
        case .annotation:
            annotation = try Self.value(value, key: name)
        default:
            throw .unknownKey(key.rawValue)
        }
    }

    private static func typeName(_ value: Any) -> String {
        if let attribution = try? AttributionValue(foundation: value) { return attribution.typeName }
        return String(describing: type(of: value))
    }

    private static func value(_ value: Any, key: String) throws(LaunchError) -> AttributionValue {
        do {
            return try AttributionValue(foundation: value, path: "$." + key)
        } catch {
            throw .invalidPayload(key: key, error)
        }
    }

    private static func string(_ value: Any, key: String) throws(LaunchError) -> String {
        guard case .string(let text) = try Self.value(value, key: key) else {
            throw .wrongValueType(key: key, expected: "string", found: typeName(value))
        }
        return text
    }

    private static func url(_ value: Any, key: String) throws(LaunchError) -> URL {
        if let url = value as? URL { return url }
        let text = try string(value, key: key)
        guard let url = URL(string: text), url.scheme != nil else { throw .invalidURL(key: key, text: text) }
        return url
    }

    private static func payload(_ value: Any, key: String) throws(LaunchError) -> AttributionPayload {
        if let payload = value as? AttributionPayload { return payload }
        guard case .object(let members) = try Self.value(value, key: key) else {
            throw .wrongValueType(key: key, expected: "dictionary", found: typeName(value))
        }
        return AttributionPayload(members)
    }

    private static func strings(_ value: Any, key: String) throws(LaunchError) -> [String] {
        guard case .array(let elements) = try Self.value(value, key: key) else {
            throw .wrongValueType(key: key, expected: "array of strings", found: typeName(value))
        }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element else {
                throw .wrongValueType(
                    key: key, expected: "array of strings", found: "array with \(element.typeName)")
            }
            result.append(text)
        }
        return result
    }

    private static func userActivity(_ value: Any, key: String) throws(LaunchError) -> LaunchUserActivity {
        if let activity = value as? LaunchUserActivity { return activity }
        var members: [String: Any] = [:]
        if let dictionary = value as? [String: Any] {
            members = dictionary
        } else if let dictionary = value as? [AnyHashable: Any] {
            for (member, element) in dictionary {
                guard let name = member.base as? String else {
                    throw .nonStringKey("\(member.base) in \(key)")
                }
                members[name] = element
            }
        } else {
            throw .wrongValueType(key: key, expected: "user activity dictionary", found: typeName(value))
        }
        let activityType = try members["activityType"].map { v throws(LaunchError) in
            try string(v, key: key + ".activityType")
        }
        let webpageURL = try members["webpageURL"].map { v throws(LaunchError) in
            try url(v, key: key + ".webpageURL")
        }
        let userInfo = try members["userInfo"].map { v throws(LaunchError) in
            try payload(v, key: key + ".userInfo")
        }
        for name in members.keys where !["activityType", "webpageURL", "userInfo"].contains(name) {
            throw .unknownKey(key + "." + name)
        }
        return LaunchUserActivity(
            activityType: activityType ?? LaunchUserActivity.browsingWeb, webpageURL: webpageURL,
            userInfo: userInfo ?? [:])
    }

    private static func shortcutItem(_ value: Any, key: String) throws(LaunchError) -> LaunchShortcutItem {
        if let item = value as? LaunchShortcutItem { return item }
        let converted = try Self.value(value, key: key)
        switch converted {
        case .string(let type):
            return LaunchShortcutItem(type: type)
        case .object(let members):
            guard case .string(let type)? = members["type"] else {
                throw .wrongValueType(
                    key: key + ".type", expected: "string", found: members["type"]?.typeName ?? "nothing")
            }
            var title = ""
            if let titleValue = members["localizedTitle"] {
                guard case .string(let text) = titleValue else {
                    throw .wrongValueType(
                        key: key + ".localizedTitle", expected: "string", found: titleValue.typeName)
                }
                title = text
            }
            var userInfo = AttributionPayload()
            if let info = members["userInfo"] {
                guard case .object(let infoMembers) = info else {
                    throw .wrongValueType(
                        key: key + ".userInfo", expected: "dictionary", found: info.typeName)
                }
                userInfo = AttributionPayload(infoMembers)
            }
            for name in members.keys where !["type", "localizedTitle", "userInfo"].contains(name) {
                throw .unknownKey(key + "." + name)
            }
            return LaunchShortcutItem(type: type, localizedTitle: title, userInfo: userInfo)
        default:
            throw .wrongValueType(key: key, expected: "shortcut item", found: converted.typeName)
        }
    }
}
