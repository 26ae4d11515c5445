public import Foundation

/// What the SDK asks the attribution service about one install.
///
/// The same request goes to ``ConversionDataSource/conversionData(for:)``, at the
/// start of a session until an answer is cached, and to
/// ``DeferredDeepLinkSource/deferredDeepLink(for:)``, once on the first launch.
public struct InstallAttributionRequest: Sendable, Hashable {
    /// The fields, in one box that copies share until one of them changes: a copy is one retain.
    private var storage: Storage

    /// The app's Apple ID, without the `id` prefix.
    public var appID: String {
        get { storage.fields.appID }
        _modify {
            makeUnique()
            yield &storage.fields.appID
        }
    }
    /// The AppsFlyer dev key.
    public var devKey: String {
        get { storage.fields.devKey }
        _modify {
            makeUnique()
            yield &storage.fields.devKey
        }
    }
    /// The AppsFlyer device ID of this install.
    public var deviceID: String {
        get { storage.fields.deviceID }
        _modify {
            makeUnique()
            yield &storage.fields.deviceID
        }
    }
    /// When the app was first launched on this install.
    public var installTime: Date {
        get { storage.fields.installTime }
        _modify {
            makeUnique()
            yield &storage.fields.installTime
        }
    }
    /// The device's fingerprint and advertising ID, for click matching.
    public var device: DeviceInfo {
        get { storage.fields.device }
        _modify {
            makeUnique()
            yield &storage.fields.device
        }
    }
    /// Who the user is, as the app told the SDK (`customerUserID`, `customData`, ...).
    public var identity: UserIdentity {
        get { storage.fields.identity }
        _modify {
            makeUnique()
            yield &storage.fields.identity
        }
    }
    /// The host set with `setHost(_:withHostPrefix:)`, prefix first; `nil` for the default host.
    ///
    /// HTTP backends send the request there instead of to their base URL.
    public var host: String? {
        get { storage.fields.host }
        _modify {
            makeUnique()
            yield &storage.fields.host
        }
    }

    /// Creates a request.
    public init(
        appID: String, devKey: String, deviceID: String, installTime: Date, device: DeviceInfo = DeviceInfo(),
        identity: UserIdentity = UserIdentity(), host: String? = nil
    ) {
        storage = Storage(
            Fields(
                appID: appID, devKey: devKey, deviceID: deviceID, installTime: installTime, device: device,
                identity: identity, host: host))
    }

    /// Whether two values hold the same fields.
    public static func == (lhs: InstallAttributionRequest, rhs: InstallAttributionRequest) -> Bool {
        lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes the fields.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// Gives this value a box of its own before a field changes.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    /// The stored values.
    private struct Fields: Hashable {
        var appID: String
        var devKey: String
        var deviceID: String
        var installTime: Date
        var device: DeviceInfo
        var identity: UserIdentity
        var host: String?
    }

    // Written only through `makeUnique()`, that is while no other value holds the box, so
    // sharing it between threads is safe.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}

extension InstallAttributionRequest: CustomReflectable {
    /// The fields, as the mirror of a struct with them stored would show them.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "appID": appID, "devKey": devKey, "deviceID": deviceID, "installTime": installTime,
                "device": device, "identity": identity, "host": host as Any,
            ],
            displayStyle: .struct)
    }
}
