/// What the device tells the attribution service about itself.
///
/// The service matches installs to clicks by the advertising ID when it has
/// one, and otherwise by this fingerprint: IP address plus the model, OS
/// version and language a browser's user agent also reveals.
public struct DeviceInfo: Sendable, Hashable {
    /// The fields, in one immutable box that copies share: a copy is one retain, a change a new box.
    private var storage: Storage

    /// The public IP address the device's requests come from.
    public var ipAddress: String {
        get { storage.fields.ipAddress }
        set { update { $0.ipAddress = newValue } }
    }
    /// The hardware model, such as `iPhone`.
    public var model: String {
        get { storage.fields.model }
        set { update { $0.model = newValue } }
    }
    /// The OS version, such as `17.4`.
    public var osVersion: String {
        get { storage.fields.osVersion }
        set { update { $0.osVersion = newValue } }
    }
    /// The preferred language, such as `en-US`.
    public var language: String {
        get { storage.fields.language }
        set { update { $0.language = newValue } }
    }
    /// The advertising identifier (IDFA), when the user allowed tracking.
    public var advertisingID: String? {
        get { storage.fields.advertisingID }
        set { update { $0.advertisingID = newValue } }
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

    /// Puts the fields, changed, in a new box: other values may share the old one.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// The stored values.
    private struct Fields: Hashable, Sendable {
        var ipAddress: String = "203.0.113.7"
        var model: String = "iPhone"
        var osVersion: String = "17.4"
        var language: String = "en-US"
        var advertisingID: String? = nil
    }

    /// The box: immutable, so values on any thread may share it.
    private final class Storage: Sendable {
        /// The box of the default values, shared by every value made with them.
        static let defaults = Storage(Fields())

        let fields: Fields

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
