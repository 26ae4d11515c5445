/// What the device tells the attribution service about itself.
///
/// The service matches installs to clicks by the advertising ID when it has
/// one, and otherwise by this fingerprint: IP address plus the model, OS
/// version and language a browser's user agent also reveals.
public struct DeviceInfo: Sendable, Hashable {
    /// The fields, in one immutable box that copies share: a copy is one retain, a change a new box.
    private var storage: SharedFields<Fields>

    /// The public IP address the device's requests come from.
    public var ipAddress: String {
        get { storage.fields.ipAddress }
        set { storage.update { $0.ipAddress = newValue } }
    }
    /// The hardware model, such as `iPhone`.
    public var model: String {
        get { storage.fields.model }
        set { storage.update { $0.model = newValue } }
    }
    /// The OS version, such as `17.4`.
    public var osVersion: String {
        get { storage.fields.osVersion }
        set { storage.update { $0.osVersion = newValue } }
    }
    /// The preferred language, such as `en-US`.
    public var language: String {
        get { storage.fields.language }
        set { storage.update { $0.language = newValue } }
    }
    /// The advertising identifier (IDFA), when the user allowed tracking.
    public var advertisingID: String? {
        get { storage.fields.advertisingID }
        set { storage.update { $0.advertisingID = newValue } }
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
        storage = fields == Self.defaults.fields ? Self.defaults : SharedFields(fields)
    }

    /// The box of the default values, shared by every value made with them.
    private static let defaults = SharedFields(Fields())

    /// The stored values.
    private struct Fields: Hashable, Sendable {
        var ipAddress: String = "203.0.113.7"
        var model: String = "iPhone"
        var osVersion: String = "17.4"
        var language: String = "en-US"
        var advertisingID: String? = nil
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
