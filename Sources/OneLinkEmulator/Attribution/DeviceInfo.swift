/// What the device tells the attribution service about itself.
///
/// The service matches installs to clicks by the advertising ID when it has
/// one, and otherwise by this fingerprint: IP address plus the model, OS
/// version and language a browser's user agent also reveals.
public struct DeviceInfo: Sendable, Hashable {
    /// The fields, in one box that copies share until one of them changes: a copy is one retain.
    private var storage: Storage

    /// The public IP address the device's requests come from.
    public var ipAddress: String {
        get { storage.fields.ipAddress }
        _modify {
            makeUnique()
            yield &storage.fields.ipAddress
        }
    }
    /// The hardware model, such as `iPhone`.
    public var model: String {
        get { storage.fields.model }
        _modify {
            makeUnique()
            yield &storage.fields.model
        }
    }
    /// The OS version, such as `17.4`.
    public var osVersion: String {
        get { storage.fields.osVersion }
        _modify {
            makeUnique()
            yield &storage.fields.osVersion
        }
    }
    /// The preferred language, such as `en-US`.
    public var language: String {
        get { storage.fields.language }
        _modify {
            makeUnique()
            yield &storage.fields.language
        }
    }
    /// The advertising identifier (IDFA), when the user allowed tracking.
    public var advertisingID: String? {
        get { storage.fields.advertisingID }
        _modify {
            makeUnique()
            yield &storage.fields.advertisingID
        }
    }

    /// Creates device information; the defaults describe a typical test iPhone.
    public init(
        ipAddress: String = "203.0.113.7", model: String = "iPhone", osVersion: String = "17.4",
        language: String = "en-US", advertisingID: String? = nil
    ) {
        let fields = Fields(
            ipAddress: ipAddress, model: model, osVersion: osVersion, language: language,
            advertisingID: advertisingID)
        // Every SDK starts with the defaults: one shared box spares each an allocation.
        storage = fields == Storage.defaults.fields ? Storage.defaults : Storage(fields)
    }

    /// Whether two values hold the same fields.
    public static func == (lhs: DeviceInfo, rhs: DeviceInfo) -> Bool {
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
        var ipAddress: String = "203.0.113.7"
        var model: String = "iPhone"
        var osVersion: String = "17.4"
        var language: String = "en-US"
        var advertisingID: String? = nil
    }

    // Written only through `makeUnique()`, that is while no other value holds the box, so
    // sharing it between threads is safe.
    private final class Storage: @unchecked Sendable {
        /// The box of the default values, shared by every value made with them.
        static let defaults = Storage(Fields())

        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}

extension DeviceInfo: CustomReflectable {
    /// The fields, as the mirror of a struct with them stored would show them.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "ipAddress": ipAddress, "model": model, "osVersion": osVersion, "language": language,
                "advertisingID": advertisingID as Any,
            ],
            displayStyle: .struct)
    }
}
